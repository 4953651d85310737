import type { ShoppingListUnit } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueOrTell } from '../shell/enqueue-or-tell';

/*
 * Each change is queued from a press; when the device cannot store it, the buyer is told
 * (enqueueOrTell) and it resolves to null, so the screen stays as it was.
 */

/** A key made on the device, so a list or item made offline is known before the server sees it. */
export function newListKey(prefix: 'sl' | 'it'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** Queues a new list: its key at once, or null when the device could not store it (told). */
export async function createList(db: AccountDb, name: string): Promise<string | null> {
  const key = newListKey('sl');
  return (await enqueueOrTell(db, 'create_shopping_list', { key, name: name.trim() })) && key;
}

export interface ListItemInput {
  variety_key: string;
  variety_name: string;
  length: number;
  grower_key: string | null;
  quantity: number;
  unit: ShoppingListUnit;
}

/**
 * Queues an item for a list (the same variety, length, grower and unit adds up); null when the
 * device could not store it (told).
 */
export const addToList = (db: AccountDb, listKey: string, item: ListItemInput) =>
  enqueueOrTell(db, 'shopping_list_add_item', {
    list_key: listKey,
    item: { key: newListKey('it'), ...item },
  });

export const editItem = (db: AccountDb, listKey: string, itemKey: string, quantity: number) =>
  enqueueOrTell(db, 'shopping_list_edit_item', {
    list_key: listKey,
    item_key: itemKey,
    quantity,
  });

export const removeItem = (db: AccountDb, listKey: string, itemKey: string) =>
  enqueueOrTell(db, 'shopping_list_remove_item', { list_key: listKey, item_key: itemKey });

export const deleteList = (db: AccountDb, key: string) =>
  enqueueOrTell(db, 'delete_shopping_list', { key });

/** Queues a run for a date and address: the server adds what it can and says what it could not. */
export const runList = (db: AccountDb, listKey: string, etaDate: number, address: string | null) =>
  enqueueOrTell(db, 'run_shopping_list', { list_key: listKey, eta_date: etaDate, address });
