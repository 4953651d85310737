import type { CrmContact } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';

interface ContactRow {
  email: string;
  owner_key: string | null;
  owner_first: string | null;
  owner_last: string | null;
  customer_key: string | null;
  created_by: string | null;
  created_at: number;
  profile: string | null;
}

/** A text the sign-up's profile (JSON) gave for `field`, or null. */
function profileText(profile: string | null, field: string): string | null {
  if (!profile) return null;
  try {
    const value = (JSON.parse(profile) as Record<string, unknown> | null)?.[field];
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The customer-relationship contacts hunters keep: who owns the contact of an email, and the
 * mobile phone and resale number its customer's sign-up gave. The customer is the contact's,
 * or else that of the account of its email (a shop that signed up on its own after the contact
 * was recorded). Staff only read these (hunter-operations.ts).
 */
export function createCrmContactRepository(engine: SqlExecutor, now: () => number) {
  return {
    async contact(email: string): Promise<CrmContact | null> {
      const row = await engine.one<ContactRow>(
        `SELECT k.email, k.owner_key, o.first_name AS owner_first, o.last_name AS owner_last,
                k.customer_key, k.created_by, k.created_at, c.profile
         FROM crm_contacts k LEFT JOIN users o ON o.key = k.owner_key
           LEFT JOIN customers c ON c.key = COALESCE(k.customer_key,
             (SELECT a.customer_key FROM users a WHERE a.email = k.email))
         WHERE k.email = ?`,
        [email],
      );
      if (!row) return null;
      return {
        email: row.email,
        owner_id: row.owner_key,
        owner_name:
          row.owner_first === null ? null : `${row.owner_first} ${row.owner_last ?? ''}`.trim(),
        customer: row.customer_key,
        created_by: row.created_by,
        created_at: row.created_at,
        mobile_phone: profileText(row.profile, 'mobile_phone'),
        resale_number: profileText(row.profile, 'resale_number'),
      };
    },

    /** Records (or re-owns) the contact of an email. */
    async saveContact(
      email: string,
      ownerKey: string,
      customerKey: string | null,
      createdBy: string,
    ): Promise<void> {
      await engine.run(
        `INSERT INTO crm_contacts (email, owner_key, customer_key, created_by, created_at)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET owner_key = excluded.owner_key,
           customer_key = COALESCE(excluded.customer_key, crm_contacts.customer_key)`,
        [email, ownerKey, customerKey, createdBy, now()],
      );
    },
  };
}
export type CrmContactRepository = ReturnType<typeof createCrmContactRepository>;
