import { beforeEach, describe, expect, it } from 'vitest';
import { shouldWelcome } from './welcome-rules';

const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
};

describe('shouldWelcome', () => {
  beforeEach(() => store.clear());

  it.each([
    ['/shopping/home', '', false, true],
    ['/shopping/products', '?date=20261123', false, true],
    ['/shopping/home', '', true, false],
    ['/unsubscribe', '', false, false],
    ['/account/unsubscribe/abc', '', false, false],
    ['/login_as', '?token=x', false, false],
    ['/cms/about', '', false, false],
    ['/dev/mailbox', '', false, false],
    ['/shopping/create-account', '', false, false],
    ['/shopping/home', '?change_password&user_id=u&code=c', false, false],
    ['/shopping/home', '?utm_source=email_verification_signed&email=a@b.co', false, false],
    ['/shopping/home', '?signup=hunter', false, false],
    ['/shopping/home', '?referral_code=ABC', false, true],
    ['/shopping/home', '?email=a@b.co', false, true],
    ['/shopping/home', '?referral_code=ABC', true, false],
    ['/shopping/create-account', '?referral_code=ABC', false, false],
  ])('%s%s with session %s → %s', (pathname, search, hasSession, expected) => {
    expect(shouldWelcome({ pathname, search }, hasSession)).toBe(expected);
  });

  it('welcomes a device once', () => {
    store.set('stemline.welcomed', '1');
    expect(shouldWelcome({ pathname: '/shopping/home', search: '' }, false)).toBe(false);
  });
});
