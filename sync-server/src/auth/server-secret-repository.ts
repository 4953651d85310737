import type { SqlExecutor } from '../db/sql-engine';

/**
 * The server's own secrets (token signing, captcha HMAC) kept in the database beside the data
 * they protect, so every node sharing the database signs and checks with the same key. Stored
 * in `meta` under `secret:<name>`.
 */
export function createServerSecretRepository(engine: SqlExecutor) {
  return {
    /**
     * The stored secret `name`, storing `candidate` first when there is none. Two nodes starting
     * at once both answer the one that was stored first.
     */
    async keep(name: string, candidate: string): Promise<string> {
      const key = `secret:${name}`;
      await engine.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
        key,
        candidate,
      ]);
      const row = await engine.one<{ value: string }>('SELECT value FROM meta WHERE key = ?', [
        key,
      ]);
      if (!row) throw new Error(`the ${name} secret could not be stored`);
      return row.value;
    },
  };
}
export type ServerSecretRepository = ReturnType<typeof createServerSecretRepository>;
