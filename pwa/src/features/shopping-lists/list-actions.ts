import type { ShoppingListUnit } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation } from '../../sync/outbox';

/** A key made on the device, so a list or item made offline is known before the server sees it. */
export function newListKey(prefix: 'sl' | 'it'): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** Queues a new list; its key at once. */
export async function createList(db: AccountDb, name: string): Promise<string> {
  const key = newListKey('sl');
  await enqueueMutation(db, 'create_shopping_list', { key, name: name.trim() });
  return key;
}

export interface ListItemInput {
  variety_key: string;
  variety_name: string;
  length: number;
  grower_key: string | null;
  quantity: number;
  unit: ShoppingListUnit;
}

/** Queues an item for a list (the same variety, length, grower and unit adds up). */
export async function addToList(db: AccountDb, listKey: string, item: ListItemInput) {
  await enqueueMutation(db, 'shopping_list_add_item', {
    list_key: listKey,
    item: { key: newListKey('it'), ...item },
  });
}

export const editItem = (db: AccountDb, listKey: string, itemKey: string, quantity: number) =>
  enqueueMutation(db, 'shopping_list_edit_item', {
    list_key: listKey,
    item_key: itemKey,
    quantity,
  });

export const removeItem = (db: AccountDb, listKey: string, itemKey: string) =>
  enqueueMutation(db, 'shopping_list_remove_item', { list_key: listKey, item_key: itemKey });

export const deleteList = (db: AccountDb, key: string) =>
  enqueueMutation(db, 'delete_shopping_list', { key });

/** Queues a run for a date and address: the server adds what it can and says what it could not. */
export const runList = (db: AccountDb, listKey: string, etaDate: number, address: string | null) =>
  enqueueMutation(db, 'run_shopping_list', { list_key: listKey, eta_date: etaDate, address });
