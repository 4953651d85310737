import { randomUUID } from 'node:crypto';
import type { UserSummary } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { DomainError } from '../kernel/domain-error';

/** A password hash that no password matches: guests created from an email alone have it. */
export const NO_PASSWORD = '';

export interface NewUser {
  email: string;
  passwordHash: string;
  first_name: string;
  last_name: string;
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

/** JSON text as an object; anything else (unreadable, an array…) as an empty one. */
export const objectOf = (text: string | null): Record<string, unknown> => {
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

const emailTaken = (): DomainError =>
  new DomainError('conflict', 'This email address already belongs to an account.');

/**
 * Inserts a florist user of a customer; a taken email (case-insensitive on both engines: COLLATE
 * NOCASE, CITEXT) is a 409. ON CONFLICT rather than a check first, so two nodes creating the same
 * email at once cannot both pass, and PostgreSQL's transaction is not aborted by the violation.
 */
export async function insertFloristUser(
  engine: SqlExecutor,
  userKey: string,
  customerKey: string,
  user: NewUser,
  createdAt: number,
): Promise<void> {
  const { changes } = await engine.run(
    `INSERT INTO users (key, email, password_hash, first_name, last_name, role, customer_key, active, flags, created_at)
     VALUES (?, ?, ?, ?, ?, 'florist', ?, 1, '{}', ?)
     ON CONFLICT (email) DO NOTHING`,
    [
      userKey,
      user.email,
      user.passwordHash,
      user.first_name,
      user.last_name,
      customerKey,
      createdAt,
    ],
  );
  if (changes === 0) throw emailTaken();
}

/** The users of a company (a customer): summaries, adding one, and changes to one. */
export function createCompanyUserRepository(engine: SqlExecutor, now: () => number) {
  const summarySelect = `SELECT u.key, u.email, u.first_name, u.last_name, u.role, u.customer_key, u.active, u.flags, c.guest
    FROM users u LEFT JOIN customers c ON c.key = u.customer_key`;
  const sql = {
    summaryByKey: `${summarySelect} WHERE u.key = ?`,
    summariesOfCustomer: `${summarySelect} WHERE u.customer_key = ? ORDER BY u.created_at, u.key`,
    // LIKE on an email: case-insensitive on both engines (NOCASE ASCII, CITEXT).
    guests: `${summarySelect.replace('c.guest', 'c.guest, u.created_at')}
      WHERE c.guest = 1 AND (? = '' OR u.email LIKE ? ESCAPE '\\') ORDER BY u.created_at DESC, u.key LIMIT ?`,
    emailHolder: 'SELECT key FROM users WHERE email = ?',
  };

  return {
    async userSummary(userKey: string): Promise<UserSummary | undefined> {
      const row = await engine.one<SummaryRow>(sql.summaryByKey, [userKey]);
      return row && toSummary(row);
    },

    async usersOfCustomer(customerKey: string): Promise<UserSummary[]> {
      const rows = await engine.all<SummaryRow>(sql.summariesOfCustomer, [customerKey]);
      return rows.map(toSummary);
    },

    /** Adds another florist user to a customer; a taken email is a 409. */
    async addUser(customerKey: string, user: NewUser): Promise<string> {
      const userKey = `u-${randomUUID()}`;
      await insertFloristUser(engine, userKey, customerKey, user, now());
      return userKey;
    },

    async updateUser(
      userKey: string,
      patch: {
        first_name?: string | undefined;
        last_name?: string | undefined;
        active?: boolean | undefined;
      },
    ): Promise<void> {
      await engine.run(
        `UPDATE users SET first_name = COALESCE(?, first_name), last_name = COALESCE(?, last_name),
           active = COALESCE(?, active) WHERE key = ?`,
        [
          patch.first_name ?? null,
          patch.last_name ?? null,
          patch.active === undefined ? null : patch.active ? 1 : 0,
          userKey,
        ],
      );
    },

    /** Sets or clears boolean flags on a user (`hunter`, `admin_redirect`). */
    updateFlags(userKey: string, patch: Record<string, boolean | undefined>): Promise<void> {
      return engine.transaction(async (tx) => {
        const row = await tx.one<{ flags: string }>('SELECT flags FROM users WHERE key = ?', [
          userKey,
        ]);
        if (!row) return;
        const flags = objectOf(row.flags);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined) continue;
          if (value) flags[name] = true;
          else delete flags[name];
        }
        await tx.run('UPDATE users SET flags = ? WHERE key = ?', [JSON.stringify(flags), userKey]);
      });
    },

    /**
     * Sets a user's password and ends every session signed before it: the token version goes up,
     * so older tokens fail the session check. Returns the new version (tell the change feed's
     * `endSessions` after the commit); sign a fresh token afterwards for the caller.
     */
    async setPassword(userKey: string, passwordHash: string): Promise<number> {
      const row = await engine.one<{ token_version: number }>(
        `UPDATE users SET password_hash = ?, token_version = token_version + 1 WHERE key = ?
         RETURNING token_version`,
        [passwordHash, userKey],
      );
      return row?.token_version ?? 0;
    },

    /**
     * Ends every session of a user signed before now, as a password change does (token
     * version up); tell the change feed's `endSessions` after the commit.
     */
    async endEarlierSessions(userKey: string): Promise<void> {
      await engine.run('UPDATE users SET token_version = token_version + 1 WHERE key = ?', [
        userKey,
      ]);
    },

    /**
     * Changes a user's sign-in email and ends every session signed before it, as a password
     * change does (token version up; tell the change feed's `endSessions` after the commit). A
     * taken email is a 409.
     */
    setEmail(userKey: string, email: string): Promise<void> {
      return engine.transaction(async (tx) => {
        const holder = await tx.one<{ key: string }>(sql.emailHolder, [email]);
        if (holder && holder.key !== userKey) throw emailTaken();
        await tx.run(
          'UPDATE users SET email = ?, token_version = token_version + 1 WHERE key = ?',
          [email, userKey],
        );
      });
    },

    /** Guest accounts, newest first; `search` matches part of the email. */
    async guestList(
      search: string,
      limit: number,
    ): Promise<(UserSummary & { created_at: number })[]> {
      const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const rows = await engine.all<SummaryRow & { created_at: number }>(sql.guests, [
        search,
        pattern,
        limit,
      ]);
      return rows.map((row) => ({ ...toSummary(row), created_at: row.created_at }));
    },
  };
}
export type CompanyUserRepository = ReturnType<typeof createCompanyUserRepository>;
