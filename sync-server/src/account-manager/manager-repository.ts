import type { AccountManager } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { managerPhotoUrl } from './manager-photo';

/**
 * Account managers (active staff users) and which one looks after a customer
 * (`customers.account_manager`).
 */
export function createManagerRepository(engine: SqlExecutor) {
  return {
    /** Every active manager by name, and whether each is a hunter (sign-up contact owners). */
    async activeManagers(): Promise<
      { key: string; first_name: string; last_name: string; hunter: boolean }[]
    > {
      const rows = await engine.all<{
        key: string;
        first_name: string;
        last_name: string;
        flags: string;
      }>(
        "SELECT key, first_name, last_name, flags FROM users WHERE role = 'manager' AND active = 1 ORDER BY first_name, last_name",
      );
      return rows.map((row) => ({
        key: row.key,
        first_name: row.first_name,
        last_name: row.last_name,
        hunter: (JSON.parse(row.flags) as { hunter?: unknown }).hunter === true,
      }));
    },
    async manager(key: string): Promise<AccountManager | undefined> {
      const row = await engine.one<{
        key: string;
        first_name: string;
        last_name: string;
        email: string;
        phone: string | null;
        photo_url: string | null;
      }>(
        `SELECT key, first_name, last_name, email, phone, photo_url FROM users
         WHERE key = ? AND role = 'manager' AND active = 1`,
        [key],
      );
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
    async assignedTo(customerKey: string): Promise<string | null | undefined> {
      const row = await engine.one<{ account_manager: string | null }>(
        'SELECT account_manager FROM customers WHERE key = ?',
        [customerKey],
      );
      return row ? row.account_manager : undefined;
    },
    async assign(customerKey: string, managerKey: string): Promise<void> {
      await engine.run('UPDATE customers SET account_manager = ? WHERE key = ?', [
        managerKey,
        customerKey,
      ]);
    },
    /** Who a mail to the customer goes to: its main user. */
    contact(customerKey: string) {
      return engine.one<{ email: string; first_name: string; name: string }>(
        `SELECT u.email, u.first_name, c.name FROM customers c
         JOIN users u ON u.key = COALESCE(c.main_user_key, (
           SELECT key FROM users WHERE customer_key = c.key ORDER BY created_at LIMIT 1))
         WHERE c.key = ?`,
        [customerKey],
      );
    },
  };
}
export type ManagerRepository = ReturnType<typeof createManagerRepository>;
