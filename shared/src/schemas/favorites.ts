import { z } from 'zod';

const varietyKeySchema = z.string().min(1).max(64);

/**
 * A favourite (spec §3: favorite_key, variety_key) as the synced `favorites` collection holds it.
 * `key` equals `favorite_key`.
 */
export const favoriteSchema = z.object({
  key: z.string(),
  favorite_key: z.string(),
  variety_key: z.string(),
  variety_name: z.string(),
  created_at: z.number().int(),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/**
 * A customer has at most one favourite per variety, so its key follows from the variety: a
 * device that favourites offline knows the key the server will use, and adding twice is one.
 */
export function favoriteKey(varietyKey: string): string {
  return `fav-${varietyKey}`;
}

/** The spec's favourite actions (§4). */
export const favoriteActionSchema = z.enum(['ADD', 'LIST', 'REMOVE', 'EDIT']);

/**
 * POST /api/favorites body `{customer, action, favorite_key, variety_key}` (spec §7). ADD needs
 * `variety_key`; REMOVE needs `favorite_key` or `variety_key`; EDIT moves `favorite_key` to
 * `variety_key`; LIST needs neither.
 */
export const favoritesRequestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('LIST'),
    customer: z.string().max(64).optional(),
  }),
  z.object({
    action: z.literal('ADD'),
    customer: z.string().max(64).optional(),
    variety_key: varietyKeySchema,
  }),
  z
    .object({
      action: z.literal('REMOVE'),
      customer: z.string().max(64).optional(),
      favorite_key: z.string().min(1).max(80).optional(),
      variety_key: varietyKeySchema.optional(),
    })
    .refine((body) => body.favorite_key !== undefined || body.variety_key !== undefined, {
      message: 'favorite_key or variety_key is required',
      path: ['favorite_key'],
    }),
  z.object({
    action: z.literal('EDIT'),
    customer: z.string().max(64).optional(),
    favorite_key: z.string().min(1).max(80),
    variety_key: varietyKeySchema,
  }),
]);
export type FavoritesRequest = z.infer<typeof favoritesRequestSchema>;

/** `cs_add_favorites` params `{customer, varieties}`: favourites several varieties at once. */
export const addFavoritesParamsSchema = z.object({
  customer: z.string().max(64).optional(),
  varieties: z.array(varietyKeySchema).min(1).max(200),
});

/**
 * `favorite_variety_handler` params: sets a variety's favourite state, or toggles it when
 * `favorite` is absent.
 */
export const favoriteVarietyParamsSchema = z.object({
  customer: z.string().max(64).optional(),
  variety_key: varietyKeySchema,
  favorite: z.boolean().optional(),
});

/** Args of the queued `add_favorite` and `remove_favorite` mutations. */
export const favoriteMutationArgsSchema = z.object({ variety_key: varietyKeySchema });
export type FavoriteMutationArgs = z.infer<typeof favoriteMutationArgsSchema>;

/** A favourite change as the outbox holds it, for the overlay. */
export interface FavoriteChange {
  name: 'add_favorite' | 'remove_favorite';
  variety_key: string;
}

/**
 * The varieties favourited once `changes` apply, in order, on top of `favorited` — the rule the
 * server applies to its table and the device to its overlay: adding is idempotent, removing
 * what is not there changes nothing.
 */
export function applyFavoriteChanges(
  favorited: Iterable<string>,
  changes: readonly FavoriteChange[],
): Set<string> {
  const result = new Set(favorited);
  for (const change of changes) {
    if (change.name === 'add_favorite') result.add(change.variety_key);
    else result.delete(change.variety_key);
  }
  return result;
}
