import { MAIN_ADDRESS_KEY, MAX_ONE_TIME_ADDRESSES } from '../constants';
import { deliveryMessages } from '../messages';
import type {
  ActualAddress,
  CustomerAddressArgs,
  DeleteAddressArgs,
  SavedAddress,
} from '../schemas/address';
import { validateAddressForm, type AddressFields, type AddressFormErrors } from './address-form';

export type AddressDecision =
  | { kind: 'save'; address: SavedAddress; created: boolean }
  | { kind: 'select'; actual: ActualAddress }
  | {
      kind: 'rejected';
      reason: 'invalid' | 'not_found' | 'conflict';
      message: string;
      errors?: AddressFormErrors;
    };

/** The caller's address book as a `customer_address` call reads it. */
export interface AddressBookView {
  /** The caller's live one-time address under `args._KEY`, if any. */
  existing: SavedAddress | undefined;
  /** How many live one-time addresses the caller has. */
  count: number;
  /** The caller's main address; guests and customers without one have none. */
  main: ActualAddress | undefined;
  /** A new key, the caller's alone, for an address selected once without being saved. */
  freshKey: () => string;
}

/**
 * The address an order goes to once `fields` are selected under `key` (save false). The key must
 * name the caller's own address, as the order's `ship_to` carries it: its live one-time address
 * (as saved) or, for 'main', its real main address. Any other key (another customer's, one
 * deleted, 'main' for a guest) is the device's name for a one-time address: it gets a fresh one.
 */
function selectedAddress(key: string, fields: AddressFields, book: AddressBookView): ActualAddress {
  const { existing, main } = book;
  if (existing) {
    const { address, city, state, zipcode } = existing;
    return { _KEY: existing.key, address, city, state, zipcode };
  }
  if (key === MAIN_ADDRESS_KEY && main) return main;
  return { _KEY: book.freshKey(), ...fields };
}

/**
 * What a `customer_address` call does to a customer's address book, decided the same way on the
 * server (before writing) and on the device (to show a queued change at once).
 */
export function decideCustomerAddress(
  args: CustomerAddressArgs,
  book: AddressBookView,
  nowMs: number,
): AddressDecision {
  const form = validateAddressForm(args.slAddress);
  if (!form.ok)
    return { kind: 'rejected', reason: 'invalid', message: form.message, errors: form.errors };
  if (!args.save) return { kind: 'select', actual: selectedAddress(args._KEY, form.value, book) };
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
