import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Hashes a password with scrypt and a fresh salt; the result records its own parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStoredHash(stored);
  if (!parsed) return false;
  try {
    const actual = await scryptAsync(password, parsed.salt, parsed.key.length, {
      ...parsed.params,
      maxmem: PARAMS.maxmem,
    });
    return timingSafeEqual(actual, parsed.key);
  } catch {
    // Parameters scrypt refuses (a cost that is not a power of two, beyond the memory limit…).
    return false;
  }
}

/**
 * Reads `scrypt$N$r$p$salt$key` as `hashPassword` writes it. Anything else is refused here,
 * because a short or undecodable key would compare equal to a short derived key: an empty key
 * matched every password.
 */
function parseStoredHash(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6) return null;
  const [scheme, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (scheme !== 'scrypt' || ![n, r, p].every((value) => /^[1-9]\d{0,9}$/.test(value))) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const keyBytes = Buffer.from(key, 'base64');
  if (saltBytes.length < 16 || keyBytes.length !== KEY_LENGTH) return null;
  return { params: { N: Number(n), r: Number(r), p: Number(p) }, salt: saltBytes, key: keyBytes };
}
