import { describe, expect, it } from 'vitest';
import { MAX_ONE_TIME_ADDRESSES } from '../constants';
import { deliveryMessages, messages } from '../messages';
import type { CustomerAddressArgs, SavedAddress } from '../schemas/address';
import { decideCustomerAddress, decideDeleteAddresses } from './address-book';

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
const args = (overrides: Partial<CustomerAddressArgs>): CustomerAddressArgs => ({
  slAddress: fields,
  save: true,
  update: false,
  _KEY: 'a-2',
  ...overrides,
});

describe('decideCustomerAddress', () => {
  it('adds a new one-time address under the key the device chose', () => {
    expect(decideCustomerAddress(args({}), { existing: undefined, count: 3 }, NOW)).toEqual({
      kind: 'save',
      created: true,
      address: { key: 'a-2', _KEY: 'a-2', ...fields, created_at: NOW, updated_at: NOW },
    });
  });

  it('edits an existing address, keeping when it was made', () => {
    const decision = decideCustomerAddress(
      args({ update: true, _KEY: 'a-1' }),
      { existing: stored, count: 1 },
      NOW,
    );
    expect(decision).toEqual({
      kind: 'save',
      created: false,
      address: { ...stored, ...fields, updated_at: NOW },
    });
  });

  it('only selects the address when save is false', () => {
    expect(
      decideCustomerAddress(
        args({ save: false, update: true, _KEY: 'main' }),
        { existing: undefined, count: 0 },
        NOW,
      ),
    ).toEqual({ kind: 'select', actual: { _KEY: 'main', ...fields } });
  });

  it('saves the normalised text', () => {
    const decision = decideCustomerAddress(
      args({ slAddress: { ...fields, address: '  9   Dock Road ' } }),
      { existing: undefined, count: 0 },
      NOW,
    );
    expect(decision.kind === 'save' && decision.address.address).toBe('9 Dock Road');
  });

  const refused: {
    name: string;
    args: CustomerAddressArgs;
    book: { existing: SavedAddress | undefined; count: number };
    reason: string;
    message: string;
  }[] = [
    {
      name: 'a zipcode of 4 digits',
      args: args({ slAddress: { ...fields, zipcode: '0710' } }),
      book: { existing: undefined, count: 0 },
      reason: 'invalid',
      message: messages.zipcodeDigits,
    },
    {
      name: 'selecting an invalid address',
      args: args({ save: false, slAddress: { ...fields, city: '' } }),
      book: { existing: undefined, count: 0 },
      reason: 'invalid',
      message: messages.fieldRequired,
    },
    {
      name: 'saving over the main address',
      args: args({ _KEY: 'main', update: true }),
      book: { existing: undefined, count: 0 },
      reason: 'invalid',
      message: deliveryMessages.mainAddressReadOnly,
    },
    {
      name: 'editing an address that is not there',
      args: args({ update: true, _KEY: 'a-9' }),
      book: { existing: undefined, count: 2 },
      reason: 'not_found',
      message: deliveryMessages.addressNotFound,
    },
    {
      name: 'adding under a key already used',
      args: args({ _KEY: 'a-1' }),
      book: { existing: stored, count: 1 },
      reason: 'conflict',
      message: deliveryMessages.addressKeyTaken,
    },
    {
      name: `adding a ${MAX_ONE_TIME_ADDRESSES + 1}st address`,
      args: args({}),
      book: { existing: undefined, count: MAX_ONE_TIME_ADDRESSES },
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
      { existing: stored, count: MAX_ONE_TIME_ADDRESSES },
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
