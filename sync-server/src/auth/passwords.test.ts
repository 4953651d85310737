import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

const PASSWORD = 'correct horse battery staple';

describe('hashPassword / verifyPassword', () => {
  let stored = '';
  beforeAll(async () => {
    stored = await hashPassword(PASSWORD);
  });

  it('stores a salted scrypt hash that records its parameters and never the password', () => {
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(PASSWORD);
  });

  it('accepts the password it hashed', async () => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(true);
  });

  it.each([
    ['a different password', 'correct horse battery stapler'],
    ['the password in another case', PASSWORD.toUpperCase()],
    ['an empty password', ''],
    ['the password with a trailing space', `${PASSWORD} `],
  ])('refuses %s', async (_case, attempt) => {
    await expect(verifyPassword(attempt, stored)).resolves.toBe(false);
  });

  it('gives two hashes of the same password different salts and keys, both valid', async () => {
    const again = await hashPassword(PASSWORD);
    expect(again).not.toBe(stored);
    expect(again.split('$')[4]).not.toBe(stored.split('$')[4]);
    await expect(verifyPassword(PASSWORD, again)).resolves.toBe(true);
  });

  describe('a malformed stored hash never matches, and never throws', () => {
    const part = (index: number): string => stored.split('$')[index] ?? '';
    const cases: [string, () => string][] = [
      ['an empty string', () => ''],
      ['the plaintext password itself', () => PASSWORD],
      ['another scheme', () => stored.replace(/^scrypt/, 'bcrypt')],
      ['a missing key', () => stored.split('$').slice(0, 5).join('$')],
      ['an extra field', () => `${stored}$extra`],
      ['an empty key', () => `scrypt$32768$8$1$${part(4)}$`],
      ['a key that is not base64', () => `scrypt$32768$8$1$${part(4)}$!!!!`],
      ['a key cut to one byte', () => `scrypt$32768$8$1$${part(4)}$${part(5).slice(0, 2)}==`],
      ['a cost that is not a number', () => `scrypt$abc$8$1$${part(4)}$${part(5)}`],
      ['a cost that is not a power of two', () => `scrypt$1000$8$1$${part(4)}$${part(5)}`],
      ['a cost far beyond the memory limit', () => `scrypt$${2 ** 30}$8$1$${part(4)}$${part(5)}`],
      ['a negative block size', () => `scrypt$32768$-8$1$${part(4)}$${part(5)}`],
    ];

    it.each(cases)('%s', async (_case, makeHash) => {
      await expect(verifyPassword(PASSWORD, makeHash())).resolves.toBe(false);
      await expect(verifyPassword('', makeHash())).resolves.toBe(false);
    });
  });
});
