import type { SqlEngine } from '../db/sql-engine';

/** Demo data: the demo florist is looked after by the demo manager, who has a phone number. */
export async function seedDemoManagers(engine: SqlEngine): Promise<void> {
  await engine.run(
    "UPDATE users SET phone = '(201) 555-0148' WHERE key = 'u-manager' AND phone IS NULL",
  );
  await engine.run(
    "UPDATE customers SET account_manager = 'u-manager' WHERE key = 'c-bennett' AND account_manager IS NULL",
  );
}
