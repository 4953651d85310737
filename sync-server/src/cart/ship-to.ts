import { MAIN_ADDRESS_KEY, type ActualAddress } from '@stemline/shared';
import type { AddressRepository } from '../customers/address-repository';

/**
 * Resolves a delivery address key of the add payload (spec §3 `address`) to the address the
 * boxes ship to: 'main' is the customer's main address (guests have none), any other key one of
 * its live one-time addresses. Undefined when the customer has no such address.
 */
export function createShipTo(addresses: AddressRepository) {
  const main = (customerKey: string) => addresses.main(customerKey);

  return {
    async resolve(customerKey: string, key: string): Promise<ActualAddress | undefined> {
      if (key === MAIN_ADDRESS_KEY) return main(customerKey);
      const saved = await addresses.get(customerKey, key);
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
    async selected(customerKey: string): Promise<ActualAddress | undefined> {
      return (await addresses.actual(customerKey)) ?? main(customerKey);
    },
  };
}
export type ShipTo = ReturnType<typeof createShipTo>;
