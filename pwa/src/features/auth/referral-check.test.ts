import { describe, expect, it } from 'vitest';
import { accountMessages, type ReferralCodeAnswer } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';
import {
  referralCheckOf,
  referralNotice,
  referralToSend,
  type ReferralCheck,
} from './referral-check';

const answered = (results: ReferralCodeAnswer['results']): CheckedResult<ReferralCodeAnswer> => ({
  ok: true,
  status: 200,
  data: { success: true, results },
});
const failed = (offline: boolean, status: number): CheckedResult<ReferralCodeAnswer> => ({
  ok: false,
  offline,
  status,
  error: offline ? 'offline' : 'Server error',
  data: null,
});

describe('referralCheckOf', () => {
  it.each<[string, CheckedResult<ReferralCodeAnswer>, ReferralCheck]>([
    [
      'a code a customer gives',
      answered({ referral_code: 'AB12CD34', valid: true, referred_by_name: 'Bennett Blooms' }),
      { state: 'valid', code: 'ab12cd34', referredBy: 'Bennett Blooms' },
    ],
    [
      'a code no customer gives',
      answered({ referral_code: 'NOPE', valid: false, referred_by_name: null }),
      { state: 'unknown', code: 'ab12cd34' },
    ],
    ['no network', failed(true, 0), { state: 'later', code: 'ab12cd34', offline: true }],
    ['a server error', failed(false, 500), { state: 'later', code: 'ab12cd34', offline: false }],
    ['too many checks', failed(false, 429), { state: 'later', code: 'ab12cd34', offline: false }],
    [
      'a valid answer naming no one',
      answered({ referral_code: 'AB12CD34', valid: true, referred_by_name: null }),
      { state: 'later', code: 'ab12cd34', offline: false },
    ],
  ])('reads %s', (_case, result, check) => {
    expect(referralCheckOf('ab12cd34', result)).toEqual(check);
  });
});

describe('referralToSend', () => {
  it.each<[ReferralCheck, string | undefined]>([
    [{ state: 'none' }, undefined],
    [{ state: 'checking', code: 'AB' }, 'AB'],
    [{ state: 'valid', code: 'AB', referredBy: 'Bennett Blooms' }, 'AB'],
    // The server said no customer gives it: the sign-up goes on without it.
    [{ state: 'unknown', code: 'AB' }, undefined],
    // Not checked (offline): the sign-up carries it and the server checks it.
    [{ state: 'later', code: 'AB', offline: true }, 'AB'],
  ])('for %j sends %j', (check, sent) => {
    expect(referralToSend(check)).toBe(sent);
  });
});

describe('referralNotice', () => {
  it('names who referred them and the 15% off the first order', () => {
    expect(referralNotice({ state: 'valid', code: 'AB', referredBy: 'Bennett Blooms' })).toEqual({
      text: 'Bennett Blooms referred you: your first order is 15% off.',
      tone: 'good',
    });
  });

  it('says an unknown code is not valid and the sign-up goes on', () => {
    expect(referralNotice({ state: 'unknown', code: 'NOPE' })).toEqual({
      text: accountMessages.referralCodeUnknown('NOPE'),
      tone: 'info',
    });
  });

  it('offline, says the code is checked at sign-up', () => {
    expect(referralNotice({ state: 'later', code: 'AB', offline: true })?.text).toBe(
      'You are offline: your referral code will be checked when you sign up.',
    );
    expect(referralNotice({ state: 'later', code: 'AB', offline: false })?.text).toBe(
      accountMessages.referralNotChecked,
    );
  });

  it('says nothing without a code, and that it checks while it does', () => {
    expect(referralNotice({ state: 'none' })).toBeNull();
    expect(referralNotice({ state: 'checking', code: 'AB' })?.text).toBe(
      accountMessages.referralChecking,
    );
  });
});
