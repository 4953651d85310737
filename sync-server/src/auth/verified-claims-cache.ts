/**
 * A bounded cache of token payloads whose signature and algorithm were already verified, keyed
 * by the exact token string. It saves the HMAC and the JSON decoding of a token that a client
 * sends on every request; it does NOT stand in for the session check: the caller still asks
 * whether the session holds (active user, token version after a password change, logout
 * revocation) on every request. An entry is served only while the token's own `exp` lies in
 * the future by the real clock (the clock jsonwebtoken checks it against), and the least
 * recently used entry goes first when the cache is full.
 */
export interface VerifiedClaimsCache {
  /** The verified payload of `token`, or undefined when unknown or expired at `nowSeconds`. */
  get(token: string, nowSeconds: number): object | undefined;
  /** Remembers a payload jsonwebtoken verified; payloads without a numeric `exp` are skipped. */
  set(token: string, payload: unknown): void;
}

interface Entry {
  payload: object;
  exp: number;
}

export function createVerifiedClaimsCache(capacity: number): VerifiedClaimsCache {
  const entries = new Map<string, Entry>();
  return {
    get(token, nowSeconds) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      entries.delete(token);
      if (entry.exp <= nowSeconds) return undefined;
      // Re-inserted last: a Map iterates in insertion order, so the first key is the least used.
      entries.set(token, entry);
      return entry.payload;
    },
    set(token, payload) {
      if (typeof payload !== 'object' || payload === null) return;
      const exp = (payload as { exp?: unknown }).exp;
      if (typeof exp !== 'number') return;
      entries.delete(token);
      entries.set(token, { payload, exp });
      if (entries.size > capacity) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
  };
}
