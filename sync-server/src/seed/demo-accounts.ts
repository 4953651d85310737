import type { Role } from '@stemline/shared';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';

/** Every demo account signs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = 'stemline-demo';

interface DemoAccount {
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  customer?: {
    key: string;
    name: string;
    guest: boolean;
    n_orders: number;
    business: string;
    main?: { street: string; city: string; state: string; zipcode: string };
  };
  flags?: Record<string, unknown>;
}

export const demoAccounts: readonly DemoAccount[] = [
  {
    key: 'u-florist',
    email: 'florist@stemline.test',
    first_name: 'Flora',
    last_name: 'Bennett',
    role: 'florist',
    customer: {
      key: 'c-bennett',
      name: 'Bennett Blooms',
      guest: false,
      n_orders: 3,
      business: 'florist',
      main: { street: '120 Main Street', city: 'Hoboken', state: 'NJ', zipcode: '07030' },
    },
  },
  {
    key: 'u-newbuyer',
    email: 'newbuyer@stemline.test',
    first_name: 'Nina',
    last_name: 'Park',
    role: 'florist',
    customer: {
      key: 'c-park',
      name: 'Park Petals',
      guest: false,
      n_orders: 0,
      business: 'florist',
      // Every full account ships somewhere: no order without an address (issue 27).
      main: { street: '48 Garden Avenue', city: 'Jersey City', state: 'NJ', zipcode: '07302' },
    },
  },
  {
    key: 'u-guest',
    email: 'guest@stemline.test',
    first_name: 'Guest',
    last_name: 'Buyer',
    role: 'florist',
    customer: { key: 'c-guest', name: 'Guest', guest: true, n_orders: 0, business: 'other' },
  },
  {
    key: 'u-grower',
    email: 'grower@stemline.test',
    first_name: 'Gabriel',
    last_name: 'Ortiz',
    role: 'grower',
    // Sent to the grower price-comparison admin page (spec §4 role redirect).
    flags: { admin_redirect: true },
  },
  {
    key: 'u-manager',
    email: 'manager@stemline.test',
    first_name: 'Maya',
    last_name: 'Cole',
    role: 'manager',
  },
  {
    key: 'u-hunter',
    email: 'hunter@stemline.test',
    first_name: 'Hank',
    last_name: 'Reyes',
    role: 'manager',
    flags: { hunter: true },
  },
];

/** Inserts the demo accounts that are not there yet; safe to call on every start. */
export async function seedDemoAccounts(db: Db, nowMs: number): Promise<number> {
  const exists = db.prepare<[string], { key: string }>('SELECT key FROM users WHERE key = ?');
  const insertCustomer = db.prepare(
    `INSERT INTO customers (key, name, business, tier, zipcode, main_street, main_city, main_state, main_zipcode, guest, n_orders, preferences, created_at)
     VALUES (@key, @name, @business, 'standard', @zipcode, @street, @city, @state, @zipcode, @guest, @n_orders, '{}', @created_at)`,
  );
  const insertUser = db.prepare(
    `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, active, flags, created_at)
     VALUES (@key, @email, @password_hash, @first_name, @last_name, @role, @customer_key, 1, @flags, @created_at)`,
  );
  const missing = demoAccounts.filter((account) => !exists.get(account.key));
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  // A company's first user is its main user (the one who may add and change its users).
  const recordMainUser = db.prepare<[string, string]>(
    'UPDATE customers SET main_user_key = ? WHERE key = ? AND main_user_key IS NULL',
  );
  db.transaction(() => {
    missing.forEach((account, index) => {
      const customer = account.customer;
      if (customer) {
        insertCustomer.run({
          key: customer.key,
          name: customer.name,
          business: customer.business,
          zipcode: customer.main?.zipcode ?? null,
          street: customer.main?.street ?? null,
          city: customer.main?.city ?? null,
          state: customer.main?.state ?? null,
          guest: customer.guest ? 1 : 0,
          n_orders: customer.n_orders,
          created_at: nowMs,
        });
      }
      insertUser.run({
        key: account.key,
        email: account.email,
        password_hash: hashes[index],
        first_name: account.first_name,
        last_name: account.last_name,
        role: account.role,
        customer_key: customer?.key ?? null,
        flags: JSON.stringify(account.flags ?? {}),
        created_at: nowMs,
      });
      if (customer) recordMainUser.run(account.key, customer.key);
    });
  })();
  return missing.length;
}
