import type { Role } from '@stemline/shared';
import { hashPassword } from '../auth/passwords';
import type { SqlEngine } from '../db/sql-engine';

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

/**
 * Inserts the demo accounts that are not there yet, in one transaction; safe to call on every
 * start (a row another node wrote first is left alone).
 */
export async function seedDemoAccounts(engine: SqlEngine, nowMs: number): Promise<number> {
  const missing: DemoAccount[] = [];
  for (const account of demoAccounts) {
    if (!(await engine.one('SELECT key FROM users WHERE key = ?', [account.key]))) {
      missing.push(account);
    }
  }
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  await engine.transaction(async (tx) => {
    for (const [index, account] of missing.entries()) {
      const customer = account.customer;
      if (customer) {
        await tx.run(
          `INSERT INTO customers (key, name, business, tier, zipcode, main_street, main_city, main_state, main_zipcode, guest, n_orders, preferences, created_at)
           VALUES (?, ?, ?, 'standard', ?, ?, ?, ?, ?, ?, ?, '{}', ?) ON CONFLICT (key) DO NOTHING`,
          [
            customer.key,
            customer.name,
            customer.business,
            customer.main?.zipcode ?? null,
            customer.main?.street ?? null,
            customer.main?.city ?? null,
            customer.main?.state ?? null,
            customer.main?.zipcode ?? null,
            customer.guest ? 1 : 0,
            customer.n_orders,
            nowMs,
          ],
        );
      }
      await tx.run(
        `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, active, flags, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (key) DO NOTHING`,
        [
          account.key,
          account.email,
          hashes[index] ?? null,
          account.first_name,
          account.last_name,
          account.role,
          customer?.key ?? null,
          JSON.stringify(account.flags ?? {}),
          nowMs,
        ],
      );
      // A company's first user is its main user (the one who may add and change its users).
      if (customer) {
        await tx.run(
          'UPDATE customers SET main_user_key = ? WHERE key = ? AND main_user_key IS NULL',
          [account.key, customer.key],
        );
      }
    }
  });
  return missing.length;
}
