import { describe, expect, it } from 'vitest';
import { MAX_ONE_TIME_ADDRESSES } from '../constants';
import { deliveryMessages, messages } from '../messages';
import type { ActualAddress, CustomerAddressArgs, SavedAddress } from '../schemas/address';
import { decideCustomerAddress, decideDeleteAddresses, type AddressBookView } from './address-book';

const NOW = 1_795_000_000_000;
const fields = { address: '9 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };
const stored: SavedAddress = {
  key: 'a-1',
  _KEY: 'a-1',
  address: '1 Old Road',
  city: 'Camden',
  state: 'NJ',
  zipcode: '08101',
  created_at: NOW - 1000,
  updated_at: NOW - 1000,
};
const main: ActualAddress = {
  _KEY: 'main',
  address: '120 Main Street',
  city: 'Hoboken',
  state: 'NJ',
  zipcode: '07030',
};
/** A book with `count` live addresses, `existing` under the call's key, and no main address. */
const view = (existing: SavedAddress | undefined, count: number): AddressBookView => ({
  existing,
  count,
  main: undefined,
  freshKey: () => 'fresh-1',
});
const args = (overrides: Partial<CustomerAddressArgs>): CustomerAddressArgs => ({
  slAddress: fields,
  save: true,
  update: false,
  _KEY: 'a-2',
  ...overrides,
});

describe('decideCustomerAddress', () => {
  it('adds a new one-time address under the key the device chose', () => {
    expect(decideCustomerAddress(args({}), view(undefined, 3), NOW)).toEqual({
      kind: 'save',
      created: true,
      address: { key: 'a-2', _KEY: 'a-2', ...fields, created_at: NOW, updated_at: NOW },
    });
  });

  it('edits an existing address, keeping when it was made', () => {
    const decision = decideCustomerAddress(
      args({ update: true, _KEY: 'a-1' }),
      view(stored, 1),
      NOW,
    );
    expect(decision).toEqual({
      kind: 'save',
      created: false,
      address: { ...stored, ...fields, updated_at: NOW },
    });
  });

  const selections: {
    name: string;
    key: string;
    book: AddressBookView;
    actual: ActualAddress;
  }[] = [
    {
      name: 'one of its live addresses, as saved',
      key: 'a-1',
      book: view(stored, 1),
      actual: { _KEY: 'a-1', address: '1 Old Road', city: 'Camden', state: 'NJ', zipcode: '08101' },
    },
    {
      name: 'its main address, as the customer holds it',
      key: 'main',
      book: { ...view(undefined, 0), main },
      actual: main,
    },
    {
      name: "'main' without a main address (a guest): a one-time address",
      key: 'main',
      book: view(undefined, 0),
      actual: { _KEY: 'fresh-1', ...fields },
    },
    {
      name: 'a key it has no address under (another customer’s): a one-time address',
      key: 'addr-flo-1',
      book: { ...view(undefined, 2), main },
      actual: { _KEY: 'fresh-1', ...fields },
    },
  ];
  for (const { name, key, book, actual } of selections) {
    it(`only selects when save is false: ${name}`, () => {
      expect(
        decideCustomerAddress(args({ save: false, update: true, _KEY: key }), book, NOW),
      ).toEqual({ kind: 'select', actual });
    });
  }

  it('saves the normalised text', () => {
    const decision = decideCustomerAddress(
      args({ slAddress: { ...fields, address: '  9   Dock Road ' } }),
      view(undefined, 0),
      NOW,
    );
    expect(decision.kind === 'save' && decision.address.address).toBe('9 Dock Road');
  });

  const refused: {
    name: string;
    args: CustomerAddressArgs;
    book: AddressBookView;
    reason: string;
    message: string;
  }[] = [
    {
      name: 'a zipcode of 4 digits',
      args: args({ slAddress: { ...fields, zipcode: '0710' } }),
      book: view(undefined, 0),
      reason: 'invalid',
      message: messages.zipcodeDigits,
    },
    {
      name: 'selecting an invalid address',
      args: args({ save: false, slAddress: { ...fields, city: '' } }),
      book: view(undefined, 0),
      reason: 'invalid',
      message: messages.fieldRequired,
    },
    {
      name: 'saving over the main address',
      args: args({ _KEY: 'main', update: true }),
      book: view(undefined, 0),
      reason: 'invalid',
      message: deliveryMessages.mainAddressReadOnly,
    },
    {
      name: 'editing an address that is not there',
      args: args({ update: true, _KEY: 'a-9' }),
      book: view(undefined, 2),
      reason: 'not_found',
      message: deliveryMessages.addressNotFound,
    },
    {
      name: 'adding under a key already used',
      args: args({ _KEY: 'a-1' }),
      book: view(stored, 1),
      reason: 'conflict',
      message: deliveryMessages.addressKeyTaken,
    },
    {
      name: `adding a ${MAX_ONE_TIME_ADDRESSES + 1}st address`,
      args: args({}),
      book: view(undefined, MAX_ONE_TIME_ADDRESSES),
      reason: 'conflict',
      message: deliveryMessages.tooManyAddresses(MAX_ONE_TIME_ADDRESSES),
    },
  ];
  for (const { name, args: call, book, reason, message } of refused) {
    it(`refuses ${name}`, () => {
      expect(decideCustomerAddress(call, book, NOW)).toMatchObject({
        kind: 'rejected',
        reason,
        message,
      });
    });
  }

  it('still edits when the book is full', () => {
    const decision = decideCustomerAddress(
      args({ update: true, _KEY: 'a-1' }),
      view(stored, MAX_ONE_TIME_ADDRESSES),
      NOW,
    );
    expect(decision.kind).toBe('save');
  });
});

describe('decideDeleteAddresses', () => {
  const live = new Set(['a-1', 'a-2', 'a-3']);
  const cases: { name: string; keys: string[]; expected: string[] | null }[] = [
    { name: 'deletes one live address', keys: ['a-1'], expected: ['a-1'] },
    { name: 'deletes several at once', keys: ['a-1', 'a-3'], expected: ['a-1', 'a-3'] },
    { name: 'deletes a key listed twice once', keys: ['a-2', 'a-2'], expected: ['a-2'] },
    { name: 'refuses an unknown key', keys: ['a-9'], expected: null },
    {
      name: 'refuses the whole list when one key is unknown',
      keys: ['a-1', 'a-9'],
      expected: null,
    },
    { name: 'refuses the main address', keys: ['main'], expected: null },
    { name: 'refuses an inherited property name', keys: ['constructor'], expected: null },
  ];
  for (const { name, keys, expected } of cases) {
    it(name, () => {
      expect(decideDeleteAddresses({ keys }, live)).toEqual(
        expected
          ? { kind: 'delete', keys: expected }
          : { kind: 'rejected', reason: 'not_found', message: deliveryMessages.addressNotFound },
      );
    });
  }
});
