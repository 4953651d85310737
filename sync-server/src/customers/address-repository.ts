import {
  actualAddressSchema,
  MAIN_ADDRESS_KEY,
  type ActualAddress,
  type SavedAddress,
} from '@stemline/shared';
import type { Db } from '../db/database';
import { createSyncedTableSync } from '../db/synced-table';

/**
 * A customer's one-time delivery addresses (the replicated `addresses` table) and the address
 * the current order goes to (`customers.actual_address`, JSON text). Writes must run inside the
 * caller's transaction, with a `seq` taken in it.
 */
export function createAddressRepository(db: Db) {
  const table = createSyncedTableSync(db, 'addresses');
  const upsert = db.prepare<[string, string, string, number]>(
    `INSERT INTO addresses (customer_key, key, doc, seq, deleted) VALUES (?, ?, ?, ?, 0)
     ON CONFLICT (customer_key, key) DO UPDATE SET doc = excluded.doc, seq = excluded.seq, deleted = 0`,
  );
  const tombstone = db.prepare<[number, string, string]>(
    'UPDATE addresses SET deleted = 1, seq = ? WHERE customer_key = ? AND key = ? AND deleted = 0',
  );
  const liveKeys = db.prepare<[string], string>(
    'SELECT key FROM addresses WHERE customer_key = ? AND deleted = 0',
  );
  const readActual = db.prepare<[string], { actual_address: string | null }>(
    'SELECT actual_address FROM customers WHERE key = ?',
  );
  const mainOf = db.prepare<
    [string],
    {
      guest: number;
      main_street: string | null;
      main_city: string | null;
      main_state: string | null;
      main_zipcode: string | null;
    }
  >('SELECT guest, main_street, main_city, main_state, main_zipcode FROM customers WHERE key = ?');
  const writeActual = db.prepare<[string | null, string]>(
    'UPDATE customers SET actual_address = ? WHERE key = ?',
  );

  return {
    /** The customer's main address; undefined for a guest or a customer without one. */
    main(customerKey: string): ActualAddress | undefined {
      const row = mainOf.get(customerKey);
      if (!row || row.guest === 1 || !row.main_street) return undefined;
      return {
        _KEY: MAIN_ADDRESS_KEY,
        address: row.main_street,
        city: row.main_city ?? '',
        state: row.main_state ?? '',
        zipcode: row.main_zipcode ?? '',
      };
    },
    /** The live one-time addresses, oldest change first. */
    list(customerKey: string): SavedAddress[] {
      return table.list<SavedAddress>(customerKey);
    },
    get(customerKey: string, key: string): SavedAddress | undefined {
      return table.get<SavedAddress>(customerKey, key);
    },
    liveKeys(customerKey: string): Set<string> {
      return new Set(liveKeys.pluck().all(customerKey));
    },
    save(customerKey: string, address: SavedAddress, seq: number): void {
      upsert.run(customerKey, address.key, JSON.stringify(address), seq);
    },
    remove(customerKey: string, key: string, seq: number): void {
      tombstone.run(seq, customerKey, key);
    },
    /** The selected address; null when none was chosen or the stored text is unreadable. */
    actual(customerKey: string): ActualAddress | null {
      const text = readActual.get(customerKey)?.actual_address;
      if (!text) return null;
      try {
        const parsed = actualAddressSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    setActual(customerKey: string, address: ActualAddress | null): void {
      writeActual.run(address && JSON.stringify(address), customerKey);
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
