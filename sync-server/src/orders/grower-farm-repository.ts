import type { SqlExecutor } from '../db/sql-engine';

/**
 * The farm (grower) each grower login works for: `users.grower_key`. A grower confirms and ships
 * the rows of its own farm only (order-life-operations.ts).
 */
export function createGrowerFarmRepository(engine: SqlExecutor) {
  return {
    /** The grower key of a grower login's farm; null when it is not a grower or has no farm. */
    async farmOf(userKey: string): Promise<string | null> {
      const row = await engine.one<{ grower_key: string | null }>(
        "SELECT grower_key FROM users WHERE key = ? AND role = 'grower'",
        [userKey],
      );
      return row?.grower_key ?? null;
    },
    /** Ties a grower login to a farm unless it already has one; false when nothing changed. */
    async tieOnce(userKey: string, growerKey: string): Promise<boolean> {
      const { changes } = await engine.run(
        "UPDATE users SET grower_key = ? WHERE key = ? AND role = 'grower' AND grower_key IS NULL",
        [growerKey, userKey],
      );
      return changes === 1;
    },
  };
}
export type GrowerFarmRepository = ReturnType<typeof createGrowerFarmRepository>;
