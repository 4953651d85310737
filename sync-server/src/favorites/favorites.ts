import { checkoutMessages, favoriteKey, type Favorite } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

/**
 * The favourite rules behind `/api/favorites`, the run ops and the queued `add_favorite` /
 * `remove_favorite` mutations. A customer has one favourite per variety, keyed by
 * `favoriteKey(variety)`, so adding twice changes nothing and a device offline knows the key.
 * Each write bumps `seq`; a call that changes nothing writes nothing. Call inside a transaction.
 */
export function createFavorites(app: AppContext) {
  const { favorites } = app.repos;

  async function add(customerKey: string, varietyKey: string): Promise<Outcome<Favorite>> {
    const existing = await favorites.get(customerKey, favoriteKey(varietyKey));
    if (existing) return applied(existing, []);
    const name = await favorites.activeVarietyName(varietyKey);
    if (name === undefined) return rejected('not_found', checkoutMessages.varietyNotFound);
    const favorite: Favorite = {
      key: favoriteKey(varietyKey),
      favorite_key: favoriteKey(varietyKey),
      variety_key: varietyKey,
      variety_name: name,
      created_at: app.now(),
    };
    await favorites.save(customerKey, favorite, await app.changes.next());
    return applied(favorite, ['favorites']);
  }

  /** Removes by favourite key; `removed` is null when there was nothing to remove. */
  async function removeByKey(customerKey: string, key: string): Promise<Outcome<Favorite | null>> {
    const existing = await favorites.get(customerKey, key);
    if (!existing) return applied(null, []);
    await favorites.remove(customerKey, key, await app.changes.next());
    return applied(existing, ['favorites']);
  }

  return {
    add,
    removeByKey,
    removeVariety: (customerKey: string, varietyKey: string) =>
      removeByKey(customerKey, favoriteKey(varietyKey)),
    /** Moves a favourite to another variety: the old key goes, the new variety's key comes. */
    edit: async (
      customerKey: string,
      key: string,
      varietyKey: string,
    ): Promise<Outcome<Favorite>> => {
      const existing = await favorites.get(customerKey, key);
      if (!existing) return rejected('not_found', checkoutMessages.favoriteNotFound);
      if (existing.variety_key === varietyKey) return applied(existing, []);
      if ((await favorites.activeVarietyName(varietyKey)) === undefined)
        return rejected('not_found', checkoutMessages.varietyNotFound);
      await removeByKey(customerKey, key);
      const added = await add(customerKey, varietyKey);
      return added.status === 'applied' ? { ...added, touched: ['favorites'] } : added;
    },
    /** Favourites every variety, or — when any is unknown — none. */
    addMany: async (
      customerKey: string,
      varietyKeys: readonly string[],
    ): Promise<Outcome<Favorite[]>> => {
      const unique = [...new Set(varietyKeys)];
      for (const key of unique) {
        if ((await favorites.activeVarietyName(key)) === undefined)
          return rejected('not_found', checkoutMessages.varietyNotFound);
      }
      const results: Favorite[] = [];
      let touched = false;
      for (const key of unique) {
        const outcome = await add(customerKey, key);
        if (outcome.status !== 'applied') return outcome;
        touched ||= outcome.touched.length > 0;
        results.push(outcome.value);
      }
      return applied(results, touched ? ['favorites'] : []);
    },
    list: (customerKey: string): Promise<Favorite[]> => favorites.list(customerKey),
  };
}
export type Favorites = ReturnType<typeof createFavorites>;
