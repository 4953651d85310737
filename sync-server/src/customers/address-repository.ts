import {
  actualAddressSchema,
  MAIN_ADDRESS_KEY,
  type ActualAddress,
  type SavedAddress,
} from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { createSyncedTable } from '../db/synced-table';

interface MainAddressRow {
  guest: number;
  main_street: string | null;
  main_city: string | null;
  main_state: string | null;
  main_zipcode: string | null;
}

/**
 * A customer's one-time delivery addresses (the replicated `addresses` table) and the address
 * the current order goes to (`customers.actual_address`, JSON text). Writes must run inside the
 * caller's transaction, with a `seq` taken in it.
 */
export function createAddressRepository(engine: SqlExecutor) {
  const table = createSyncedTable(engine, 'addresses');
  const sql = {
    liveKeys: 'SELECT key FROM addresses WHERE customer_key = ? AND deleted = 0',
    readActual: 'SELECT actual_address FROM customers WHERE key = ?',
    mainOf:
      'SELECT guest, main_street, main_city, main_state, main_zipcode FROM customers WHERE key = ?',
    writeActual: 'UPDATE customers SET actual_address = ? WHERE key = ?',
  };

  return {
    /** The customer's main address; undefined for a guest or a customer without one. */
    async main(customerKey: string): Promise<ActualAddress | undefined> {
      const row = await engine.one<MainAddressRow>(sql.mainOf, [customerKey]);
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
    list(customerKey: string): Promise<SavedAddress[]> {
      return table.list<SavedAddress>(customerKey);
    },
    get(customerKey: string, key: string): Promise<SavedAddress | undefined> {
      return table.get<SavedAddress>(customerKey, key);
    },
    async liveKeys(customerKey: string): Promise<Set<string>> {
      const rows = await engine.all<{ key: string }>(sql.liveKeys, [customerKey]);
      return new Set(rows.map((row) => row.key));
    },
    async save(customerKey: string, address: SavedAddress, seq: number): Promise<void> {
      await table.put(customerKey, address, seq);
    },
    async remove(customerKey: string, key: string, seq: number): Promise<void> {
      await table.tombstone(customerKey, key, seq);
    },
    /** The selected address; null when none was chosen or the stored text is unreadable. */
    async actual(customerKey: string): Promise<ActualAddress | null> {
      const row = await engine.one<{ actual_address: string | null }>(sql.readActual, [
        customerKey,
      ]);
      const text = row?.actual_address;
      if (!text) return null;
      try {
        const parsed = actualAddressSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    async setActual(customerKey: string, address: ActualAddress | null): Promise<void> {
      await engine.run(sql.writeActual, [address && JSON.stringify(address), customerKey]);
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
