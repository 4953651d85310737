import { checkoutMessages, stemlineMessages } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { isQuotaError } from '../../storage/quota-error';
import { HeartIcon, showToast } from '../../ui';
import { cx } from '../../ui/class-names';
import { useFavorite, useToggleFavorite } from './use-favorite';
import '../../ui/toggle-icon-button.css';
import './favorites.css';

export interface FavoriteToggleProps {
  varietyKey: string;
  /** Names the button: "Favourite Freedom". */
  varietyName: string;
  className?: string | undefined;
}

/**
 * The heart on a product: pressed means favourite. It works offline — the change is queued and
 * shown at once, and syncs by itself. Visitors without an account see no heart.
 *
 * A native `<button aria-pressed>` dressed as the ui `ToggleIconButton` (same classes and data
 * attributes): every catalogue card has one, and react-aria's per-button hooks made the heart
 * the heaviest part of re-rendering the cards on a search keystroke. Its state comes from the
 * one shared favourites store (favorites-store.ts), not a query per heart.
 */
export function FavoriteToggle({ varietyKey, varietyName, className }: FavoriteToggleProps) {
  const db = useAccountDb();
  const { favorited, pending } = useFavorite(db, varietyKey);
  const toggle = useToggleFavorite(db, varietyKey);
  if (!db) return null;
  return (
    <button
      type="button"
      className={cx('sl-button sl-icon-button sl-toggle-icon-button favorite-toggle', className)}
      data-variant="quiet"
      data-selected={favorited || undefined}
      data-pending-sync={pending || undefined}
      aria-label={`Favourite ${varietyName}`}
      aria-pressed={favorited}
      onClick={() => {
        toggle(!favorited).catch((error: unknown) => {
          showToast({
            title: checkoutMessages.favoriteNotSaved,
            variant: 'error',
            description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
          });
        });
      }}
    >
      <HeartIcon />
    </button>
  );
}
