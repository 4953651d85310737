import { randomBytes, randomUUID } from 'node:crypto';
import { stemlineMessages, type Referral } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { DomainError } from '../kernel/domain-error';
import { insertFloristUser, objectOf, type NewUser } from './company-user-repository';

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

/**
 * A customer account: creating one with its main user, upgrading a guest, and the customer's
 * profile (preferences, referral, account manager). Its users are company-user-repository's.
 */
export function createAccountRepository(engine: SqlExecutor, now: () => number) {
  const sql = {
    insertCustomer: `INSERT INTO customers (key, name, business, tier, zipcode, main_city, main_state, guest, n_orders,
        preferences, profile, referral, owner_key, main_user_key, created_at)
      VALUES (?, ?, ?, 'standard', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)`,
    customer: `SELECT key, name, guest, referral_code, referral, main_user_key, preferences, profile
      FROM customers WHERE key = ?`,
    byReferralCode: 'SELECT key FROM customers WHERE referral_code = ?',
    firstUser: 'SELECT key FROM users WHERE customer_key = ? ORDER BY created_at, key LIMIT 1',
  };

  const repository = {
    /** Creates a customer and its first (main) user in one transaction; a taken email is a 409. */
    async createAccount(
      customer: NewCustomer,
      user: NewUser,
    ): Promise<{ customerKey: string; userKey: string }> {
      const customerKey = `c-${randomUUID()}`;
      const userKey = `u-${randomUUID()}`;
      const createdAt = now();
      await engine.transaction(async (tx) => {
        await tx.run(sql.insertCustomer, [
          customerKey,
          customer.name,
          customer.business,
          customer.zipcode,
          customer.mainCity ?? null,
          customer.mainState ?? null,
          customer.guest ? 1 : 0,
          JSON.stringify(customer.preferences),
          JSON.stringify(customer.profile),
          customer.referral ? JSON.stringify(customer.referral) : null,
          customer.ownerKey,
          userKey,
          createdAt,
        ]);
        // A taken email throws here, which rolls the customer back too.
        await insertFloristUser(tx, userKey, customerKey, user, createdAt);
      });
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
    ): Promise<void> {
      return engine.transaction(async (tx) => {
        const current = await repository.customer(customerKey);
        if (!current?.guest)
          throw new DomainError('conflict', 'Only guest accounts can be upgraded.');
        await tx.run(
          `UPDATE customers SET name = ?, business = ?, zipcode = ?, main_city = COALESCE(?, main_city),
             main_state = COALESCE(?, main_state), guest = 0, preferences = ?, profile = ?,
             referral = COALESCE(referral, ?), owner_key = COALESCE(?, owner_key),
             main_user_key = COALESCE(main_user_key, ?)
           WHERE key = ?`,
          [
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
          ],
        );
        await tx.run(
          'UPDATE users SET first_name = ?, last_name = ?, password_hash = ? WHERE key = ?',
          [user.first_name, user.last_name, user.passwordHash, userKey],
        );
      });
    },

    async customer(key: string): Promise<CustomerRecord | undefined> {
      const row = await engine.one<CustomerRow>(sql.customer, [key]);
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
    mergePreferences(customerKey: string, patch: Record<string, unknown>): Promise<void> {
      return engine.transaction(async (tx) => {
        const current = await repository.customer(customerKey);
        if (!current) return;
        await tx.run('UPDATE customers SET preferences = ? WHERE key = ?', [
          JSON.stringify({ ...current.preferences, ...patch }),
          customerKey,
        ]);
      });
    },

    /** The customer's referral code, made on first use. */
    ensureReferralCode(customerKey: string): Promise<string> {
      return engine.transaction(async (tx) => {
        const current = await repository.customer(customerKey);
        if (!current) throw new DomainError('not_found', stemlineMessages.forbidden);
        if (current.referralCode) return current.referralCode;
        for (;;) {
          const code = randomBytes(6).toString('base64url').toUpperCase().replace(/[-_]/g, 'X');
          if (await tx.one(sql.byReferralCode, [code])) continue;
          // Only while none is set: a code another node gave the customer meanwhile stays.
          await tx.run(
            'UPDATE customers SET referral_code = ? WHERE key = ? AND referral_code IS NULL',
            [code, customerKey],
          );
          return (await repository.customer(customerKey))?.referralCode ?? code;
        }
      });
    },

    async customerByReferralCode(code: string): Promise<string | undefined> {
      const row = await engine.one<{ key: string }>(sql.byReferralCode, [
        code.trim().toUpperCase(),
      ]);
      return row?.key;
    },

    /** The customer's main user: the recorded one, else its first user. */
    async mainUserOf(customerKey: string): Promise<string | undefined> {
      const recorded = (await repository.customer(customerKey))?.mainUserKey;
      if (recorded) return recorded;
      return (await engine.one<{ key: string }>(sql.firstUser, [customerKey]))?.key;
    },

    async setAccountManager(customerKey: string, managerKey: string | null): Promise<void> {
      await engine.run('UPDATE customers SET account_manager = ? WHERE key = ?', [
        managerKey,
        customerKey,
      ]);
    },
  };
  return repository;
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
