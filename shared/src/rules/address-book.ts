import { MAIN_ADDRESS_KEY, MAX_ONE_TIME_ADDRESSES } from '../constants';
import { deliveryMessages } from '../messages';
import type {
  ActualAddress,
  CustomerAddressArgs,
  DeleteAddressArgs,
  SavedAddress,
} from '../schemas/address';
import { validateAddressForm, type AddressFormErrors } from './address-form';

export type AddressDecision =
  | { kind: 'save'; address: SavedAddress; created: boolean }
  | { kind: 'select'; actual: ActualAddress }
  | {
      kind: 'rejected';
      reason: 'invalid' | 'not_found' | 'conflict';
      message: string;
      errors?: AddressFormErrors;
    };

/**
 * What a `customer_address` call does to a customer's address book, decided the same way on the
 * server (before writing) and on the device (to show a queued change at once). `existing` is
 * the live address under `args._KEY`, `count` the number of live one-time addresses.
 */
export function decideCustomerAddress(
  args: CustomerAddressArgs,
  book: { existing: SavedAddress | undefined; count: number },
  nowMs: number,
): AddressDecision {
  const form = validateAddressForm(args.slAddress);
  if (!form.ok)
    return { kind: 'rejected', reason: 'invalid', message: form.message, errors: form.errors };
  if (!args.save) return { kind: 'select', actual: { _KEY: args._KEY, ...form.value } };
  if (args._KEY === MAIN_ADDRESS_KEY) {
    return { kind: 'rejected', reason: 'invalid', message: deliveryMessages.mainAddressReadOnly };
  }
  if (args.update) {
    if (!book.existing) {
      return { kind: 'rejected', reason: 'not_found', message: deliveryMessages.addressNotFound };
    }
    return {
      kind: 'save',
      created: false,
      address: { ...book.existing, ...form.value, updated_at: nowMs },
    };
  }
  if (book.existing) {
    return { kind: 'rejected', reason: 'conflict', message: deliveryMessages.addressKeyTaken };
  }
  if (book.count >= MAX_ONE_TIME_ADDRESSES) {
    return {
      kind: 'rejected',
      reason: 'conflict',
      message: deliveryMessages.tooManyAddresses(MAX_ONE_TIME_ADDRESSES),
    };
  }
  return {
    kind: 'save',
    created: true,
    address: {
      key: args._KEY,
      _KEY: args._KEY,
      ...form.value,
      created_at: nowMs,
      updated_at: nowMs,
    },
  };
}

export type DeleteAddressDecision =
  { kind: 'delete'; keys: string[] } | { kind: 'rejected'; reason: 'not_found'; message: string };

/**
 * A delete removes every listed key or none: one key that is not a live one-time address of
 * the customer (or is the main address) refuses the whole call.
 */
export function decideDeleteAddresses(
  args: DeleteAddressArgs,
  liveKeys: ReadonlySet<string>,
): DeleteAddressDecision {
  const keys = [...new Set(args.keys)];
  if (keys.some((key) => key === MAIN_ADDRESS_KEY || !liveKeys.has(key))) {
    return { kind: 'rejected', reason: 'not_found', message: deliveryMessages.addressNotFound };
  }
  return { kind: 'delete', keys };
}
