import type { Page } from '@playwright/test';

/* Outbox writes made slow or refused, as a busy or full device makes them. */

/**
 * Keeps this page's outbox store in a write transaction, so an outbox write stays under way (as
 * it does for the tens of milliseconds a real one takes), until the returned function is called.
 */
export async function holdOutboxWrites(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(async () => {
    const flags = window as unknown as { outboxHeld?: boolean };
    const name = (await indexedDB.databases())
      .map((database) => database.name ?? '')
      .find((found) => found.startsWith('rxdb-dexie-') && found.endsWith('--mutations'));
    if (!name) throw new Error('no outbox database');
    flags.outboxHeld = true;
    await new Promise<void>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onerror = () => reject(opening.error ?? new Error('open failed'));
      opening.onsuccess = () => {
        const database = opening.result;
        const stores = Array.from(database.objectStoreNames);
        const store = database.transaction(stores, 'readwrite').objectStore(stores[0] ?? '');
        const keepAlive = (): void => {
          if (flags.outboxHeld) store.count().onsuccess = keepAlive;
          else database.close();
        };
        keepAlive();
        resolve();
      };
    });
  });
  return () =>
    page.evaluate(() => {
      (window as unknown as { outboxHeld?: boolean }).outboxHeld = false;
    });
}

/**
 * From now on this page's outbox (RxDB on Dexie: `rxdb-dexie-<database>--<version>--mutations`)
 * refuses every write as a full device does (QuotaExceededError), while `full` is true.
 */
export async function fillOutbox(page: Page, full: boolean): Promise<void> {
  await page.evaluate((refuse) => {
    const flags = window as unknown as { outboxFull?: boolean };
    if (flags.outboxFull === undefined) {
      const store = IDBObjectStore.prototype;
      for (const method of ['add', 'put'] as const) {
        type Write = (this: IDBObjectStore, value: unknown, key?: IDBValidKey) => IDBRequest;
        const write = Reflect.get(store, method) as Write;
        const refusing: Write = function (value, key) {
          if (flags.outboxFull && this.transaction.db.name.endsWith('--mutations'))
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return write.call(this, value, key);
        };
        Reflect.set(store, method, refusing);
      }
    }
    flags.outboxFull = refuse;
  }, full);
}
