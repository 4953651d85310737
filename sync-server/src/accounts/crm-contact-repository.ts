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
}

/** The customer-relationship contacts hunters keep: who owns the contact of an email. */
export function createCrmContactRepository(engine: SqlExecutor, now: () => number) {
  return {
    async contact(email: string): Promise<CrmContact | null> {
      const row = await engine.one<ContactRow>(
        `SELECT k.email, k.owner_key, o.first_name AS owner_first, o.last_name AS owner_last,
                k.customer_key, k.created_by, k.created_at
         FROM crm_contacts k LEFT JOIN users o ON o.key = k.owner_key WHERE k.email = ?`,
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
