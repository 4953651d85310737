import { z } from 'zod';

/** Collections a client pulls by `seq` checkpoint. */
export const SYNCED_COLLECTIONS = [
  'cart_lines',
  'notices',
  'custom_boxes',
  'orders',
  'favorites',
  'payment_cards',
  'addresses',
  'events',
  'claims',
  'shopping_lists',
  'standing_orders',
] as const;
export const syncedCollectionSchema = z.enum(SYNCED_COLLECTIONS);
export type SyncedCollection = z.infer<typeof syncedCollectionSchema>;
