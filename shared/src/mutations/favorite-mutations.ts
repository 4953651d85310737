import { favoriteMutationArgsSchema } from '../schemas/favorites';
import { defineMutation } from './define-mutation';

/** Favourite varieties (sync-server/src/favorites/mutations.ts). */
export const favoriteMutations = {
  add_favorite: defineMutation({ args: favoriteMutationArgsSchema, collections: ['favorites'] }),
  remove_favorite: defineMutation({
    args: favoriteMutationArgsSchema,
    collections: ['favorites'],
  }),
};
