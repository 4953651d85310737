import { MAIN_ADDRESS_KEY, type ActualAddress, type User } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { startSchemas } from '../../storage/start-schemas-loader';
import { patchSessionUser } from './session-user';

/** The customer's main address from user metadata; null for guests and customers without one. */
export function mainAddressOf(user: User): ActualAddress | null {
  const meta = user.metadata;
  if (meta.guest || !meta.customer_main_street) return null;
  return {
    _KEY: MAIN_ADDRESS_KEY,
    address: meta.customer_main_street,
    city: meta.customer_main_city ?? '',
    state: meta.customer_main_state ?? '',
    zipcode: meta.customer_main_zipcode ?? '',
  };
}

/**
 * Where the current order goes: the address picked last (`customer_actual_address`), else the
 * main address; null when neither exists yet. The choice is read with its schema, which a
 * signed-in start has loaded before it renders (start-schemas-loader.ts).
 */
export function selectedAddressOf(user: User): ActualAddress | null {
  const text = user.metadata.customer_actual_address;
  const schemas = startSchemas();
  if (text && schemas) {
    try {
      const parsed = schemas.actualAddressSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable text counts as no choice; the main address stands in.
    }
  }
  return mainAddressOf(user);
}

/**
 * Makes `address` the order's address (spec §4): at once on this device, and on the server
 * through the queued `customer_address` call with `save: false`, so it works offline too.
 */
export async function selectAddress(db: AccountDb, address: ActualAddress): Promise<void> {
  const { _KEY, ...slAddress } = address;
  // The outbox comes with the account (already loaded once there is a database).
  const { enqueueMutation } = await import('../../sync/outbox');
  await enqueueMutation(db, 'customer_address', { slAddress, save: false, update: true, _KEY });
  patchSessionUser((user) => ({
    ...user,
    metadata: { ...user.metadata, customer_actual_address: JSON.stringify(address) },
  }));
}

type AddressText = Pick<ActualAddress, 'address' | 'city' | 'state' | 'zipcode'>;

/**
 * "Hoboken, NJ 07030": the second line of an address wherever one is shown. The state is the
 * two-letter code it is stored as, as on a US envelope; only the address form's State select
 * lists the names.
 */
export function formatCityLine(address: AddressText): string {
  return `${address.city}, ${address.state} ${address.zipcode}`;
}

/** "120 Main Street, Hoboken, NJ 07030": an address on one line. */
export function formatAddress(address: AddressText): string {
  return `${address.address}, ${formatCityLine(address)}`;
}
