import type { Db } from '../db/database';

/**
 * The farm (grower) each grower login works for: `users.grower_key`. A grower confirms and ships
 * the rows of its own farm only (order-life-operations.ts).
 */
export function createGrowerFarmRepository(db: Db) {
  const farmOf = db.prepare<[string], { grower_key: string | null }>(
    "SELECT grower_key FROM users WHERE key = ? AND role = 'grower'",
  );
  const tie = db.prepare<[string, string]>(
    "UPDATE users SET grower_key = ? WHERE key = ? AND role = 'grower' AND grower_key IS NULL",
  );
  return {
    /** The grower key of a grower login's farm; null when it is not a grower or has no farm. */
    farmOf(userKey: string): string | null {
      return farmOf.get(userKey)?.grower_key ?? null;
    },
    /** Ties a grower login to a farm unless it already has one; false when nothing changed. */
    tieOnce(userKey: string, growerKey: string): boolean {
      return tie.run(growerKey, userKey).changes === 1;
    },
  };
}
export type GrowerFarmRepository = ReturnType<typeof createGrowerFarmRepository>;
