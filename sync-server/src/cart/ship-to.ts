import { MAIN_ADDRESS_KEY, type ActualAddress } from '@stemline/shared';
import type { Db } from '../db/database';
import { createAddressRepository } from '../customers/address-repository';

/**
 * Resolves a delivery address key of the add payload (spec §3 `address`) to the address the
 * boxes ship to: 'main' is the customer's main address (guests have none), any other key one of
 * its live one-time addresses. Undefined when the customer has no such address.
 */
export function createShipTo(db: Db) {
  const addresses = createAddressRepository(db);
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

  function main(customerKey: string): ActualAddress | undefined {
    const row = mainOf.get(customerKey);
    if (!row || row.guest === 1 || !row.main_street) return undefined;
    return {
      _KEY: MAIN_ADDRESS_KEY,
      address: row.main_street,
      city: row.main_city ?? '',
      state: row.main_state ?? '',
      zipcode: row.main_zipcode ?? '',
    };
  }

  return {
    resolve(customerKey: string, key: string): ActualAddress | undefined {
      if (key === MAIN_ADDRESS_KEY) return main(customerKey);
      const saved = addresses.get(customerKey, key);
      if (!saved) return undefined;
      return {
        _KEY: saved._KEY,
        address: saved.address,
        city: saved.city,
        state: saved.state,
        zipcode: saved.zipcode,
      };
    },
    /** Where a line without its own address ships: the chosen address, else the main one. */
    selected(customerKey: string): ActualAddress | undefined {
      return addresses.actual(customerKey) ?? main(customerKey);
    },
  };
}
export type ShipTo = ReturnType<typeof createShipTo>;
