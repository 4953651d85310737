import { notificationOptionOn, US_STATES, type Role, type User } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

interface UserRow {
  key: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  customer_key: string | null;
  active: number;
  token_version: number;
  customer_name: string | null;
  business: string | null;
  tier: string | null;
  zipcode: string | null;
  main_street: string | null;
  main_city: string | null;
  main_state: string | null;
  main_zipcode: string | null;
  actual_address: string | null;
  guest: number | null;
  n_orders: number | null;
  first_purchase_date: number | null;
  preferences: string | null;
  profile: string | null;
  flags: string;
  referral: string | null;
  account_manager: string | null;
  main_user_key: string | null;
  main_user_email: string | null;
}

export interface StoredUser {
  user: User;
  passwordHash: string;
  active: boolean;
  /** The version new tokens of this user carry; a password change bumps it. */
  tokenVersion: number;
  /** Staff and grower flags kept on the user: `hunter`, `admin_redirect`. */
  flags: UserFlags;
}

export interface UserFlags {
  hunter?: boolean;
  admin_redirect?: boolean;
}

/** Reads users with their customer, shaped as spec §3 User. */
export function createUserRepository(engine: SqlExecutor) {
  const select = `
    SELECT u.key, u.email, u.password_hash, u.first_name, u.last_name, u.role, u.customer_key, u.active,
           u.token_version,
           c.name AS customer_name, c.business, c.tier, c.zipcode, c.main_street, c.main_city, c.main_state,
           c.main_zipcode, c.actual_address, c.guest, c.n_orders, c.first_purchase_date, c.preferences,
           c.profile, u.flags, c.referral, c.account_manager, mu.key AS main_user_key, mu.email AS main_user_email
    FROM users u LEFT JOIN customers c ON c.key = u.customer_key
    LEFT JOIN users mu ON mu.key = COALESCE(c.main_user_key, (
      SELECT first.key FROM users first WHERE first.customer_key = c.key
      ORDER BY first.created_at, first.key LIMIT 1))`;
  return {
    async findByEmail(email: string): Promise<StoredUser | undefined> {
      // Case-insensitive on both engines: COLLATE NOCASE here, CITEXT on PostgreSQL.
      const row = await engine.one<UserRow>(`${select} WHERE u.email = ?`, [email]);
      return row && toStoredUser(row);
    },
    async findByKey(key: string): Promise<StoredUser | undefined> {
      const row = await engine.one<UserRow>(`${select} WHERE u.key = ?`, [key]);
      return row && toStoredUser(row);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

function toStoredUser(row: UserRow): StoredUser {
  return {
    passwordHash: row.password_hash,
    active: row.active === 1,
    tokenVersion: row.token_version,
    flags: parseFlags(row.flags),
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
        customer_actual_address: row.actual_address,
        n_orders: row.n_orders ?? 0,
        guest: row.guest === 1,
        first_purchase_date: row.first_purchase_date,
        preferences: row.preferences ?? '{}',
        ...customerMetadata(row),
        ...accountMetadata(row),
      },
    },
  };
}

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseFlags(text: string): UserFlags {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null) return {};
  const flags = value as Record<string, unknown>;
  return {
    ...(flags.hunter === true && { hunter: true }),
    ...(flags.admin_redirect === true && { admin_redirect: true }),
  };
}

/** Every customer is in the US: its zip codes and states are US ones (spec §4, `US_STATES`). */
const CUSTOMER_COUNTRY_KEY = 'US';

/**
 * Spec §3 customer metadata beyond the customer's own columns: its state (the main address's
 * code, with the state record's name and key when it is one), country, office email (where the
 * company's mail goes: its main user's), and from the sign-up's profile the mobile phone and
 * resale number. Null for a user without a customer, and for a value never given.
 */
function customerMetadata(row: UserRow) {
  const profile = parseJson(row.profile);
  const given = (field: string): string | null => {
    if (typeof profile !== 'object' || profile === null) return null;
    const value = (profile as Record<string, unknown>)[field];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const preferences = parseJson(row.preferences);
  const state = US_STATES.find((entry) => entry.abbreviation === row.main_state);
  return {
    customer_state: row.main_state,
    customer_state_name: state?.name ?? null,
    customer_state_key: state?.abbreviation ?? null,
    customer_country_key: row.customer_key === null ? null : CUSTOMER_COUNTRY_KEY,
    customer_office_email: row.main_user_email,
    customer_mobile_phone: given('mobile_phone'),
    customer_resale_number: given('resale_number'),
    customer_statement_email_weekly: notificationOptionOn(
      typeof preferences === 'object' && preferences !== null
        ? (preferences as Record<string, unknown>)
        : {},
      'customer_statement_email_weekly',
    ),
  };
}

/** The metadata this build adds (shared `accountMetadataSchema`): flags, referral, main user. */
function accountMetadata(row: UserRow) {
  const flags = parseFlags(row.flags);
  const preferences = parseJson(row.preferences) as { email_verified?: unknown } | null;
  return {
    hunter: flags.hunter === true,
    admin_redirect: flags.admin_redirect === true,
    email_verified: preferences?.email_verified === true,
    referral: row.referral ? parseJson(row.referral) : null,
    account_manager: row.account_manager,
    main_user_key: row.main_user_key,
    main_user_email: row.main_user_email,
  };
}
