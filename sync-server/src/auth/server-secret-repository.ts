import type { Db } from '../db/database';

/**
 * The server's own secrets (token signing, captcha HMAC) kept in the database beside the data
 * they protect, so every node sharing the database signs and checks with the same key. Stored
 * in `meta` under `secret:<name>`.
 */
export function createServerSecretRepository(db: Db) {
  const insert = db.prepare<[string, string]>(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
  );
  const read = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  return {
    /**
     * The stored secret `name`, storing `candidate` first when there is none. Two nodes starting
     * at once both answer the one that was stored first.
     */
    keep(name: string, candidate: string): string {
      const key = `secret:${name}`;
      insert.run(key, candidate);
      const row = read.get(key);
      if (!row) throw new Error(`the ${name} secret could not be stored`);
      return row.value;
    },
  };
}
export type ServerSecretRepository = ReturnType<typeof createServerSecretRepository>;
