import { applyFavoriteChanges, type FavoriteChange } from '@stemline/shared';

/** The outbox fields the favourites overlay reads. */
export interface FavoriteOutboxEntry {
  name: string;
  args: Record<string, unknown>;
  createdAt: number;
  status: 'pending' | 'applied' | 'rejected';
  appliedSeq?: number | undefined;
}

export interface VisibleFavorites {
  /** Varieties shown as favourites: the server's, with queued changes applied on top. */
  favorited: ReadonlySet<string>;
  /** Varieties with a change the server has not confirmed yet. */
  pending: ReadonlySet<string>;
}

/**
 * Favourites as the buyer should see them, by the rule the server runs
 * (`applyFavoriteChanges`): a change counts while pending, and once applied until the pulled
 * `favorites` checkpoint reaches its `appliedSeq` — after that the server's documents hold it,
 * so a toggle never flickers back. Rejected changes are not shown.
 */
export function overlayFavorites(
  serverVarieties: Iterable<string>,
  outbox: readonly FavoriteOutboxEntry[],
  checkpoint: number,
): VisibleFavorites {
  const unreflected = outbox
    .filter((entry) => entry.name === 'add_favorite' || entry.name === 'remove_favorite')
    .filter(
      (entry) =>
        entry.status === 'pending' ||
        (entry.status === 'applied' && (entry.appliedSeq ?? 0) > checkpoint),
    )
    .sort((a, b) => a.createdAt - b.createdAt);
  const changes = unreflected.flatMap((entry): FavoriteChange[] =>
    typeof entry.args.variety_key === 'string'
      ? [{ name: entry.name as FavoriteChange['name'], variety_key: entry.args.variety_key }]
      : [],
  );
  return {
    favorited: applyFavoriteChanges(serverVarieties, changes),
    pending: new Set(
      unreflected
        .filter((entry) => entry.status === 'pending')
        .flatMap((entry) =>
          typeof entry.args.variety_key === 'string' ? [entry.args.variety_key] : [],
        ),
    ),
  };
}
