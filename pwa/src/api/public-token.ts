/**
 * The visitor's default public token (spec §6: requests carry a bearer token from the session,
 * or a default public token when none exists). Kept in localStorage so it survives reloads;
 * logout clears it with the rest, and a 401 drops it so the next call fetches a fresh one.
 */
import { loadStartSchemas } from '../storage/start-schemas-loader';

const KEY = 'stemline.public_token';
let pending: Promise<string | null> | null = null;

/** The stored public token, or one fetched from the server; null when offline. */
export function publicToken(): Promise<string | null> {
  const stored = localStorage.getItem(KEY);
  if (stored) return Promise.resolve(stored);
  if (pending) return pending;
  // The schemas' chunk loads beside the call rather than after its answer: a first visit's
  // catalogue waits on this token. (A failure is the call's, below.)
  const schemas = loadStartSchemas();
  schemas.catch(() => undefined);
  pending = fetch('/api/security/public_token', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) return null;
      const body: unknown = await response.json();
      const { publicTokenAnswerSchema } = await schemas;
      const parsed = publicTokenAnswerSchema.safeParse(body);
      if (!parsed.success) return null;
      localStorage.setItem(KEY, parsed.data.token);
      return parsed.data.token;
    })
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Forgets a public token the server refused (expired, or signed before a secret change). */
export function dropPublicToken(token: string): void {
  if (localStorage.getItem(KEY) === token) localStorage.removeItem(KEY);
}
