import type { AddressFields, CustomerAddressArgs, DeleteAddressArgs } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { enqueueMutation } from '../../sync/outbox';

/** The queued calls that change the address book; the announcer tells their answers. */
export const ADDRESS_BOOK_MUTATIONS = ['customer_address', 'delete_address'] as const;

/**
 * Queues adding (no `key`) or editing (`key`) a one-time address. The device makes the key of a
 * new address, so it can be shown, picked and even edited before the server has seen it.
 */
export async function enqueueSaveAddress(
  db: AccountDb,
  fields: AddressFields,
  key?: string,
): Promise<string> {
  const _KEY = key ?? `a-${crypto.randomUUID()}`;
  const args: CustomerAddressArgs = {
    slAddress: fields,
    save: true,
    update: key !== undefined,
    _KEY,
  };
  return enqueueMutation(db, 'customer_address', args);
}

/** Queues deleting one one-time address. */
export async function enqueueDeleteAddress(db: AccountDb, key: string): Promise<string> {
  const args: DeleteAddressArgs = { keys: [key] };
  return enqueueMutation(db, 'delete_address', args);
}
