import type { Db } from '../db/database';

/** Demo data: the demo florist is looked after by the demo manager, who has a phone number. */
export function seedDemoManagers(db: Db): void {
  db.prepare(
    "UPDATE users SET phone = '(201) 555-0148' WHERE key = 'u-manager' AND phone IS NULL",
  ).run();
  db.prepare(
    "UPDATE customers SET account_manager = 'u-manager' WHERE key = 'c-bennett' AND account_manager IS NULL",
  ).run();
}
