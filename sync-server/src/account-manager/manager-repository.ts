import type { AccountManager } from '@stemline/shared';
import type { Db } from '../db/database';
import { managerPhotoUrl } from './manager-photo';

/**
 * Account managers (active staff users) and which one looks after a customer
 * (`customers.account_manager`).
 */
export function createManagerRepository(db: Db) {
  const managerRow = db.prepare<
    [string],
    {
      key: string;
      first_name: string;
      last_name: string;
      email: string;
      phone: string | null;
      photo_url: string | null;
    }
  >(
    `SELECT key, first_name, last_name, email, phone, photo_url FROM users
     WHERE key = ? AND role = 'manager' AND active = 1`,
  );
  const assigned = db.prepare<[string], { account_manager: string | null }>(
    'SELECT account_manager FROM customers WHERE key = ?',
  );
  const assign = db.prepare<[string, string]>(
    'UPDATE customers SET account_manager = ? WHERE key = ?',
  );
  const active = db.prepare<
    [],
    { key: string; first_name: string; last_name: string; flags: string }
  >(
    "SELECT key, first_name, last_name, flags FROM users WHERE role = 'manager' AND active = 1 ORDER BY first_name, last_name",
  );
  const mainContact = db.prepare<[string], { email: string; first_name: string; name: string }>(
    `SELECT u.email, u.first_name, c.name FROM customers c
     JOIN users u ON u.key = COALESCE(c.main_user_key, (
       SELECT key FROM users WHERE customer_key = c.key ORDER BY created_at LIMIT 1))
     WHERE c.key = ?`,
  );

  return {
    /** Every active manager by name, and whether each is a hunter (sign-up contact owners). */
    activeManagers(): { key: string; first_name: string; last_name: string; hunter: boolean }[] {
      return active.all().map((row) => ({
        key: row.key,
        first_name: row.first_name,
        last_name: row.last_name,
        hunter: (JSON.parse(row.flags) as { hunter?: unknown }).hunter === true,
      }));
    },
    manager(key: string): AccountManager | undefined {
      const row = managerRow.get(key);
      return row
        ? {
            key: row.key,
            name: `${row.first_name} ${row.last_name}`.trim(),
            email: row.email,
            phone: row.phone,
            // Without a photo file, a drawn portrait (manager-photo.ts).
            photo_url: row.photo_url ?? managerPhotoUrl(row.key),
          }
        : undefined;
    },
    /** The key of the customer's manager; undefined for an unknown customer. */
    assignedTo(customerKey: string): string | null | undefined {
      const row = assigned.get(customerKey);
      return row ? row.account_manager : undefined;
    },
    assign(customerKey: string, managerKey: string): void {
      assign.run(managerKey, customerKey);
    },
    /** Who a mail to the customer goes to: its main user. */
    contact(customerKey: string) {
      return mainContact.get(customerKey);
    },
  };
}
export type ManagerRepository = ReturnType<typeof createManagerRepository>;
