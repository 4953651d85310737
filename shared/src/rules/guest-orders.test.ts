import { describe, expect, it } from 'vitest';
import { guestMessages } from '../messages';
import { orderBlocker, type OrderingBuyer } from './guest-orders';

const address = JSON.stringify({ _KEY: 'a-1', address: '9 Dock Road', city: 'Newark' });

describe('orderBlocker', () => {
  it.each<[string, OrderingBuyer, string | null]>([
    [
      'a confirmed guest with a chosen address',
      { guest: true, emailVerified: true, actualAddress: address },
      null,
    ],
    [
      'a confirmed guest with no address',
      { guest: true, emailVerified: true, actualAddress: null },
      'address_required',
    ],
    [
      'a confirmed guest, address never set',
      { guest: true, emailVerified: true, actualAddress: undefined },
      'address_required',
    ],
    [
      'a confirmed guest with a blank address',
      { guest: true, emailVerified: true, actualAddress: '  ' },
      'address_required',
    ],
    [
      'a confirmed guest with an empty address',
      { guest: true, emailVerified: true, actualAddress: '' },
      'address_required',
    ],
    [
      'an unconfirmed guest with an address',
      { guest: true, emailVerified: false, actualAddress: address },
      'email_unverified',
    ],
    [
      'an unconfirmed guest with nothing',
      { guest: true, emailVerified: false, actualAddress: null },
      'email_unverified',
    ],
    [
      'a full account with a chosen address',
      { guest: false, emailVerified: false, actualAddress: address },
      null,
    ],
    [
      'a full account on its main address',
      { guest: false, emailVerified: false, actualAddress: null, hasMainAddress: true },
      null,
    ],
    [
      'a full account with no address at all',
      { guest: false, emailVerified: true, actualAddress: null, hasMainAddress: false },
      'address_required',
    ],
    [
      'a guest never ships to a main address',
      { guest: true, emailVerified: true, actualAddress: null, hasMainAddress: true },
      'address_required',
    ],
  ])('%s', (_case, buyer, code) => {
    expect(orderBlocker(buyer)?.code ?? null).toBe(code);
  });

  it('says why in the words the app shows', () => {
    expect(orderBlocker({ guest: true, emailVerified: false, actualAddress: null })?.message).toBe(
      guestMessages.emailUnverified,
    );
    expect(orderBlocker({ guest: true, emailVerified: true, actualAddress: null })?.message).toBe(
      guestMessages.addressRequired,
    );
  });
});
