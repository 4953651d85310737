import { randomBytes, randomUUID } from 'node:crypto';
import {
  stemlineMessages,
  type CrmContact,
  type Referral,
  type UserSummary,
} from '@stemline/shared';
import type { Db } from '../db/database';
import { DomainError } from '../kernel/domain-error';

/** A password hash that no password matches: guests created from an email alone have it. */
export const NO_PASSWORD = '';

export interface NewCustomer {
  name: string;
  business: string | null;
  zipcode: string | null;
  guest: boolean;
  /** Sign-up answers beyond the customer's own columns (phone, resale number, follow-ups…). */
  profile: Record<string, unknown>;
  preferences: Record<string, unknown>;
  referral: Referral | null;
  ownerKey: string | null;
  mainCity?: string | null;
  mainState?: string | null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
}

export interface CustomerRecord {
  key: string;
  name: string;
  guest: boolean;
  referralCode: string | null;
  referral: Referral | null;
  mainUserKey: string | null;
  preferences: Record<string, unknown>;
  profile: Record<string, unknown>;
}

interface CustomerRow {
  key: string;
  name: string;
  guest: number;
  referral_code: string | null;
  referral: string | null;
  main_user_key: string | null;
  preferences: string;
  profile: string;
}

interface SummaryRow {
  key: string;
  email: string;
  first_name: string;
  last_name: string;
  role: UserSummary['role'];
  customer_key: string | null;
  active: number;
  guest: number | null;
  flags: string | null;
}

const objectOf = (text: string | null): Record<string, unknown> => {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const toSummary = (row: SummaryRow): UserSummary => {
  const flags = objectOf(row.flags);
  return {
    key: row.key,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    customer: row.customer_key,
    active: row.active === 1,
    guest: row.guest === 1,
    hunter: flags.hunter === true,
    admin_redirect: flags.admin_redirect === true,
  };
};

/** Writes and reads of customers, their users and customer-relationship contacts. */
export function createAccountRepository(db: Db, now: () => number) {
  const insertCustomer = db.prepare(
    `INSERT INTO customers (key, name, business, tier, zipcode, main_city, main_state, guest, n_orders,
       preferences, profile, referral, owner_key, main_user_key, created_at)
     VALUES (@key, @name, @business, 'standard', @zipcode, @main_city, @main_state, @guest, 0,
       @preferences, @profile, @referral, @owner_key, @main_user_key, @created_at)`,
  );
  const insertUser = db.prepare(
    `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, active, flags, created_at)
     VALUES (@key, @email, @password_hash, @first_name, @last_name, 'florist', @customer_key, 1, '{}', @created_at)`,
  );
  const emailTaken = db.prepare<[string], { key: string }>('SELECT key FROM users WHERE email = ?');
  const customerRow = db.prepare<[string], CustomerRow>(
    `SELECT key, name, guest, referral_code, referral, main_user_key, preferences, profile
     FROM customers WHERE key = ?`,
  );
  const byReferralCode = db.prepare<[string], { key: string }>(
    'SELECT key FROM customers WHERE referral_code = ?',
  );
  const summarySelect = `SELECT u.key, u.email, u.first_name, u.last_name, u.role, u.customer_key, u.active, u.flags, c.guest
    FROM users u LEFT JOIN customers c ON c.key = u.customer_key`;
  const summaryByKey = db.prepare<[string], SummaryRow>(`${summarySelect} WHERE u.key = ?`);
  const summariesOfCustomer = db.prepare<[string], SummaryRow>(
    `${summarySelect} WHERE u.customer_key = ? ORDER BY u.created_at, u.key`,
  );
  const guests = db.prepare<[string, string, number], SummaryRow & { created_at: number }>(
    `${summarySelect.replace('c.guest', 'c.guest, u.created_at')}
     WHERE c.guest = 1 AND (? = '' OR u.email LIKE ? ESCAPE '\\') ORDER BY u.created_at DESC, u.key LIMIT ?`,
  );
  const contactByEmail = db.prepare<
    [string],
    {
      email: string;
      owner_key: string | null;
      owner_first: string | null;
      owner_last: string | null;
      customer_key: string | null;
      created_by: string | null;
      created_at: number;
    }
  >(
    `SELECT k.email, k.owner_key, o.first_name AS owner_first, o.last_name AS owner_last,
            k.customer_key, k.created_by, k.created_at
     FROM crm_contacts k LEFT JOIN users o ON o.key = k.owner_key WHERE k.email = ?`,
  );
  const upsertContact = db.prepare(
    `INSERT INTO crm_contacts (email, owner_key, customer_key, created_by, created_at)
     VALUES (@email, @owner_key, @customer_key, @created_by, @created_at)
     ON CONFLICT (email) DO UPDATE SET owner_key = excluded.owner_key,
       customer_key = COALESCE(excluded.customer_key, crm_contacts.customer_key)`,
  );

  const repository = {
    /** Creates a customer and its first (main) user in one transaction; a taken email is a 409. */
    createAccount(customer: NewCustomer, user: NewUser): { customerKey: string; userKey: string } {
      const customerKey = `c-${randomUUID()}`;
      const userKey = `u-${randomUUID()}`;
      const createdAt = now();
      db.transaction(() => {
        if (emailTaken.get(user.email)) {
          throw new DomainError('conflict', 'This email address already belongs to an account.');
        }
        insertCustomer.run({
          key: customerKey,
          name: customer.name,
          business: customer.business,
          zipcode: customer.zipcode,
          main_city: customer.mainCity ?? null,
          main_state: customer.mainState ?? null,
          guest: customer.guest ? 1 : 0,
          preferences: JSON.stringify(customer.preferences),
          profile: JSON.stringify(customer.profile),
          referral: customer.referral ? JSON.stringify(customer.referral) : null,
          owner_key: customer.ownerKey,
          main_user_key: userKey,
          created_at: createdAt,
        });
        insertUser.run({
          key: userKey,
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.first_name,
          last_name: user.last_name,
          customer_key: customerKey,
          created_at: createdAt,
        });
      })();
      return { customerKey, userKey };
    },

    /**
     * Turns a guest customer into a full one in place: the customer key stays, so its cart,
     * favourites and every other synced row stay with it.
     */
    upgradeGuest(
      customerKey: string,
      userKey: string,
      customer: Omit<NewCustomer, 'guest' | 'preferences'> & {
        preferencesPatch: Record<string, unknown>;
      },
      user: Omit<NewUser, 'email'>,
    ): void {
      db.transaction(() => {
        const current = repository.customer(customerKey);
        if (!current?.guest)
          throw new DomainError('conflict', 'Only guest accounts can be upgraded.');
        db.prepare(
          `UPDATE customers SET name = ?, business = ?, zipcode = ?, main_city = COALESCE(?, main_city),
             main_state = COALESCE(?, main_state), guest = 0, preferences = ?, profile = ?,
             referral = COALESCE(referral, ?), owner_key = COALESCE(?, owner_key),
             main_user_key = COALESCE(main_user_key, ?)
           WHERE key = ?`,
        ).run(
          customer.name,
          customer.business,
          customer.zipcode,
          customer.mainCity ?? null,
          customer.mainState ?? null,
          JSON.stringify({ ...current.preferences, ...customer.preferencesPatch }),
          JSON.stringify({ ...current.profile, ...customer.profile }),
          customer.referral ? JSON.stringify(customer.referral) : null,
          customer.ownerKey,
          userKey,
          customerKey,
        );
        db.prepare(
          'UPDATE users SET first_name = ?, last_name = ?, password_hash = ? WHERE key = ?',
        ).run(user.first_name, user.last_name, user.passwordHash, userKey);
      })();
    },

    customer(key: string): CustomerRecord | undefined {
      const row = customerRow.get(key);
      if (!row) return undefined;
      return {
        key: row.key,
        name: row.name,
        guest: row.guest === 1,
        referralCode: row.referral_code,
        referral: row.referral ? (JSON.parse(row.referral) as Referral) : null,
        mainUserKey: row.main_user_key,
        preferences: objectOf(row.preferences),
        profile: objectOf(row.profile),
      };
    },

    /** Merges keys into a customer's preferences (JSON text). */
    mergePreferences(customerKey: string, patch: Record<string, unknown>): void {
      db.transaction(() => {
        const current = repository.customer(customerKey);
        if (!current) return;
        db.prepare('UPDATE customers SET preferences = ? WHERE key = ?').run(
          JSON.stringify({ ...current.preferences, ...patch }),
          customerKey,
        );
      })();
    },

    /**
     * Sets a user's password and ends every session signed before it: the token version goes up,
     * so older tokens fail the session check. Returns the new version (tell the change feed's
     * `endSessions` after the commit); sign a fresh token afterwards for the caller.
     */
    setPassword(userKey: string, passwordHash: string): number {
      const row = db
        .prepare<[string, string], { token_version: number }>(
          `UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE key = ?
           RETURNING token_version`,
        )
        .get(passwordHash, userKey);
      return row?.token_version ?? 0;
    },

    /** Changes a user's sign-in email; a taken email is a 409. */
    setEmail(userKey: string, email: string): void {
      db.transaction(() => {
        const holder = emailTaken.get(email);
        if (holder && holder.key !== userKey) {
          throw new DomainError('conflict', 'This email address already belongs to an account.');
        }
        db.prepare('UPDATE users SET email = ? WHERE key = ?').run(email, userKey);
      })();
    },

    /** The customer's referral code, made on first use. */
    ensureReferralCode(customerKey: string): string {
      return db.transaction(() => {
        const current = repository.customer(customerKey);
        if (!current) throw new DomainError('not_found', stemlineMessages.forbidden);
        if (current.referralCode) return current.referralCode;
        for (;;) {
          const code = randomBytes(6).toString('base64url').toUpperCase().replace(/[-_]/g, 'X');
          if (byReferralCode.get(code)) continue;
          db.prepare('UPDATE customers SET referral_code = ? WHERE key = ?').run(code, customerKey);
          return code;
        }
      })();
    },

    customerByReferralCode(code: string): string | undefined {
      return byReferralCode.get(code.trim().toUpperCase())?.key;
    },

    userSummary(userKey: string): UserSummary | undefined {
      const row = summaryByKey.get(userKey);
      return row && toSummary(row);
    },

    usersOfCustomer(customerKey: string): UserSummary[] {
      return summariesOfCustomer.all(customerKey).map(toSummary);
    },

    /** The customer's main user: the recorded one, else its first user. */
    mainUserOf(customerKey: string): string | undefined {
      return (
        repository.customer(customerKey)?.mainUserKey ?? summariesOfCustomer.get(customerKey)?.key
      );
    },

    /** Adds another florist user to a customer; a taken email is a 409. */
    addUser(customerKey: string, user: NewUser): string {
      const userKey = `u-${randomUUID()}`;
      db.transaction(() => {
        if (emailTaken.get(user.email)) {
          throw new DomainError('conflict', 'This email address already belongs to an account.');
        }
        insertUser.run({
          key: userKey,
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.first_name,
          last_name: user.last_name,
          customer_key: customerKey,
          created_at: now(),
        });
      })();
      return userKey;
    },

    updateUser(
      userKey: string,
      patch: {
        first_name?: string | undefined;
        last_name?: string | undefined;
        active?: boolean | undefined;
      },
    ): void {
      db.prepare(
        `UPDATE users SET first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name),
           active = COALESCE(?, active) WHERE key = ?`,
      ).run(
        patch.first_name ?? null,
        patch.last_name ?? null,
        patch.active === undefined ? null : patch.active ? 1 : 0,
        userKey,
      );
    },

    /** Sets or clears boolean flags on a user (`hunter`, `admin_redirect`). */
    updateFlags(userKey: string, patch: Record<string, boolean | undefined>): void {
      db.transaction(() => {
        const row = db
          .prepare<[string], { flags: string }>('SELECT flags FROM users WHERE key = ?')
          .get(userKey);
        if (!row) return;
        const flags = objectOf(row.flags);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined) continue;
          if (value) flags[name] = true;
          else delete flags[name];
        }
        db.prepare('UPDATE users SET flags = ? WHERE key = ?').run(JSON.stringify(flags), userKey);
      })();
    },

    setAccountManager(customerKey: string, managerKey: string | null): void {
      db.prepare('UPDATE customers SET account_manager = ? WHERE key = ?').run(
        managerKey,
        customerKey,
      );
    },

    /** Guest accounts, newest first; `search` matches part of the email. */
    guestList(search: string, limit: number): (UserSummary & { created_at: number })[] {
      const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      return guests.all(search, pattern, limit).map((row) => ({
        ...toSummary(row),
        created_at: row.created_at,
      }));
    },

    contact(email: string): CrmContact | null {
      const row = contactByEmail.get(email);
      if (!row) return null;
      return {
        email: row.email,
        owner_id: row.owner_key,
        owner_name:
          row.owner_first === null ? null : `${row.owner_first} ${row.owner_last ?? ''}`.trim(),
        customer: row.customer_key,
        created_by: row.created_by,
        created_at: row.created_at,
      };
    },

    /** Records (or re-owns) the contact of an email. */
    saveContact(
      email: string,
      ownerKey: string,
      customerKey: string | null,
      createdBy: string,
    ): void {
      upsertContact.run({
        email,
        owner_key: ownerKey,
        customer_key: customerKey,
        created_by: createdBy,
        created_at: now(),
      });
    },
  };
  return repository;
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
