import type { Role, User } from '@stemline/shared';
import type { Db } from '../db/database';

interface UserRow {
  key: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  customer_key: string | null;
  active: number;
  customer_name: string | null;
  business: string | null;
  tier: string | null;
  zipcode: string | null;
  main_street: string | null;
  main_city: string | null;
  main_state: string | null;
  main_zipcode: string | null;
  guest: number | null;
  n_orders: number | null;
  first_purchase_date: number | null;
  preferences: string | null;
}

export interface StoredUser {
  user: User;
  passwordHash: string;
  active: boolean;
}

/** Reads users with their customer, shaped as spec §3 User. */
export function createUserRepository(db: Db) {
  const select = `
    SELECT u.key, u.email, u.password_hash, u.first_name, u.last_name, u.role, u.customer_key, u.active,
           c.name AS customer_name, c.business, c.tier, c.zipcode, c.main_street, c.main_city, c.main_state,
           c.main_zipcode, c.guest, c.n_orders, c.first_purchase_date, c.preferences
    FROM users u LEFT JOIN customers c ON c.key = u.customer_key`;
  const byEmail = db.prepare<[string], UserRow>(`${select} WHERE u.email = ?`);
  const byKey = db.prepare<[string], UserRow>(`${select} WHERE u.key = ?`);

  return {
    findByEmail(email: string): StoredUser | undefined {
      const row = byEmail.get(email);
      return row && toStoredUser(row);
    },
    findByKey(key: string): StoredUser | undefined {
      const row = byKey.get(key);
      return row && toStoredUser(row);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

function toStoredUser(row: UserRow): StoredUser {
  return {
    passwordHash: row.password_hash,
    active: row.active === 1,
    user: {
      key: row.key,
      id: row.key,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      role: row.role,
      metadata: {
        customer: row.customer_key,
        customer_name: row.customer_name,
        customer_zipcode: row.zipcode,
        customer_business: row.business,
        customer_tier: row.tier,
        customer_main_street: row.main_street,
        customer_main_city: row.main_city,
        customer_main_state: row.main_state,
        customer_main_zipcode: row.main_zipcode,
        n_orders: row.n_orders ?? 0,
        guest: row.guest === 1,
        first_purchase_date: row.first_purchase_date,
        preferences: row.preferences ?? '{}',
      },
    },
  };
}
