import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createFavorites } from './favorites';

/** The queued mutations of favourites; the varieties come back through pull of `favorites`. */
export function createFavoriteMutations(
  app: AppContext,
): FeatureMutations<'add_favorite' | 'remove_favorite'> {
  const favorites = createFavorites(app);
  return {
    add_favorite: async (customerKey, args) =>
      handlerOutcome(await favorites.add(customerKey, args.variety_key)),
    remove_favorite: async (customerKey, args) =>
      handlerOutcome(await favorites.removeVariety(customerKey, args.variety_key)),
  };
}
