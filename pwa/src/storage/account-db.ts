/**
 * Account data (RxDB on Dexie storage, one database per customer: `stemline-acct-<customer>`):
 * replicated server collections (cart_lines, notices), the mutation outbox, and the pull
 * checkpoints. Opened once per page and shared by every component; other tabs of the same
 * account see each write through RxDB's multi-instance channel.
 */
import { createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import {
  cartLineCollection,
  customBoxCollection,
  mutationCollection,
  noticeSchema,
  syncStateCollection,
  type CartPageDoc,
  type CustomBoxDoc,
  type MutationDoc,
  type NoticeDoc,
  type SyncStateDoc,
} from './account-schemas';
import { addressSchema, type AddressDoc } from './address-schema';
import { settleAccountDb } from './account-db-ready';
import { clearJournal, replayOutboxJournal } from './outbox-journal';
import { UNSENT_MARKER_PREFIX } from './outbox-journal-key';
import { eventSchema, type EventDoc } from './event-schema';
import { shoppingListCollection, type ShoppingListDoc } from './shopping-list-schema';
import { enableSchemaMigrations } from './schema-migrations';
import { standingOrderSchema, type StandingOrderDoc } from './standing-order-schema';
import { claimCollection, type ClaimDoc } from './claim-schema';
import {
  favoriteSchema,
  orderCollection,
  paymentCardSchema,
  type FavoriteDoc,
  type OrderDoc,
  type PaymentCardDoc,
} from './checkout-schemas';

export interface AccountCollections {
  addresses: RxCollection<AddressDoc>;
  cart_lines: RxCollection<CartPageDoc>;
  custom_boxes: RxCollection<CustomBoxDoc>;
  notices: RxCollection<NoticeDoc>;
  mutations: RxCollection<MutationDoc>;
  sync_state: RxCollection<SyncStateDoc>;
  orders: RxCollection<OrderDoc>;
  favorites: RxCollection<FavoriteDoc>;
  payment_cards: RxCollection<PaymentCardDoc>;
  events: RxCollection<EventDoc>;
  shopping_lists: RxCollection<ShoppingListDoc>;
  standing_orders: RxCollection<StandingOrderDoc>;
  claims: RxCollection<ClaimDoc>;
}
export type AccountDb = RxDatabase<AccountCollections>;

const opened = new Map<string, Promise<AccountDb>>();

function databaseName(customerKey: string): string {
  return `stemline-acct-${customerKey.toLowerCase().replace(/[^a-z0-9]/g, '-')}`;
}

/** The account database of a customer, opened on first use and reused for the page's life. */
export function openAccountDb(customerKey: string): Promise<AccountDb> {
  let db = opened.get(customerKey);
  if (!db) {
    db = createAccountDb(customerKey);
    opened.set(customerKey, db);
    db.then(
      (open) => settleAccountDb(customerKey, open),
      () => settleAccountDb(customerKey, null),
    );
  }
  return db;
}

async function createAccountDb(customerKey: string): Promise<AccountDb> {
  enableSchemaMigrations();
  // A page can keep one copy's collections open (RxDB's free build counts them, COL23): the copy
  // of a session that ended without a logout (it expired; another account signs in) is closed,
  // keeping what it stores, its outbox included, for that account's next log-in.
  const others = [...opened.keys()].filter((key) => key !== customerKey);
  await Promise.all(others.map((key) => closeAccountDb(key)));
  const db = await createRxDatabase<AccountCollections>({
    name: databaseName(customerKey),
    storage: getRxStorageDexie(),
    multiInstance: true,
    closeDuplicates: true,
  });
  await db.addCollections({
    addresses: { schema: addressSchema },
    cart_lines: cartLineCollection,
    custom_boxes: customBoxCollection,
    notices: { schema: noticeSchema },
    mutations: mutationCollection,
    sync_state: syncStateCollection,
    orders: orderCollection,
    favorites: { schema: favoriteSchema },
    payment_cards: { schema: paymentCardSchema },
    events: { schema: eventSchema },
    shopping_lists: shoppingListCollection,
    standing_orders: { schema: standingOrderSchema },
    claims: claimCollection,
  });
  // Intents whose outbox write a page left unfinished (outbox-journal.ts), before sync starts.
  await replayOutboxJournal(db);
  return db;
}

/**
 * Closes a customer's database if this page opened it, keeping what it stores: the next
 * `openAccountDb` opens it again. A page can hold one account copy's collections open, not two.
 */
export async function closeAccountDb(customerKey: string): Promise<void> {
  const db = opened.get(customerKey);
  if (!db) return;
  opened.delete(customerKey);
  settleAccountDb(customerKey, null);
  await (await db.catch(() => null))?.close();
}

/**
 * Whether this device keeps a database of `customerKey`: opened by this page, or made in an
 * earlier visit or another tab (where the browser can list its databases).
 */
export async function hasAccountDb(customerKey: string): Promise<boolean> {
  return opened.has(customerKey) || (await indexedDbsOf(customerKey)).length > 0;
}

/**
 * Deletes a customer's local database (logout), also when this page never opened it (it was
 * made in an earlier visit or another tab).
 */
export async function removeAccountDb(customerKey: string): Promise<void> {
  const db = opened.get(customerKey);
  opened.delete(customerKey);
  settleAccountDb(customerKey, null);
  // Its outbox goes with it; so do the intents still journaled for that outbox.
  clearJournal(databaseName(customerKey));
  try {
    localStorage.removeItem(UNSENT_MARKER_PREFIX + databaseName(customerKey));
  } catch {
    // Storage unreadable (or none): there is no note of its unsent changes to clear.
  }
  if (db) await (await db).remove();
  else await removeRxDatabase(databaseName(customerKey), getRxStorageDexie());
  // RxDB empties its Dexie stores but can leave the IndexedDB databases themselves behind.
  await Promise.all(
    (await indexedDbsOf(customerKey)).map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => resolve();
          // Another tab still has it open: it goes once that tab closes it.
          request.onblocked = () => resolve();
        }),
    ),
  );
}

/**
 * The IndexedDB databases RxDB's Dexie storage made for a customer's database on this device
 * (none known where the browser cannot list its databases).
 */
async function indexedDbsOf(customerKey: string): Promise<string[]> {
  if (typeof indexedDB.databases !== 'function') return [];
  const prefix = `rxdb-dexie-${databaseName(customerKey)}--`;
  return (await indexedDB.databases())
    .map((database) => database.name ?? '')
    .filter((name) => name.startsWith(prefix));
}
