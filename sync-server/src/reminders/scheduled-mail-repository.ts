import type { Db } from '../db/database';

/** The mails the scheduler sends by itself, one per customer and period each. */
export type ScheduledMailKind = 'weekly_statement' | 'cart_reminder';

/** Who a customer's mail goes to: its main user (else its first), while active. */
export interface MailRecipient {
  email: string;
  firstName: string;
  company: string;
}

/** One live cart line of a customer, as stored (the doc is the synced JSON). */
export interface HeldCartLineRow {
  customer_key: string;
  preferences: string;
  doc: string;
}

/**
 * The SQL of the mail scheduler: the once-per-period key (`scheduled_mails`), who has asked for
 * the weekly statement, whose cart holds lines, and where a customer's mail goes.
 */
export function createScheduledMailRepository(db: Db) {
  const claim = db.prepare<[string, string, string, number]>(
    `INSERT INTO scheduled_mails (kind, customer_key, period, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, customer_key, period) DO NOTHING`,
  );
  const recordMail = db.prepare<[number, string, string, string]>(
    'UPDATE scheduled_mails SET mail_id = ? WHERE kind = ? AND customer_key = ? AND period = ?',
  );
  const lastSent = db
    .prepare<[string, string], number | null>(
      'SELECT MAX(created_at) FROM scheduled_mails WHERE customer_key = ? AND kind = ?',
    )
    .pluck();
  // The LIKE only narrows the scan; the caller reads the preference itself.
  const weeklyCandidates = db.prepare<[string], { key: string; preferences: string }>(
    `SELECT c.key, c.preferences FROM customers c
     WHERE c.preferences LIKE '%customer_statement_email_weekly%'
       AND NOT EXISTS (SELECT 1 FROM scheduled_mails s
         WHERE s.kind = 'weekly_statement' AND s.customer_key = c.key AND s.period = ?)
     ORDER BY c.key`,
  );
  const heldLines = db.prepare<[], HeldCartLineRow>(
    `SELECT l.customer_key, c.preferences, l.doc FROM cart_lines l
     JOIN customers c ON c.key = l.customer_key
     WHERE l.deleted = 0
     ORDER BY l.customer_key, l.key`,
  );
  const recipient = db.prepare<[string], { email: string; first_name: string; name: string }>(
    `SELECT u.email, u.first_name, c.name FROM customers c
     JOIN users u ON u.key = COALESCE(c.main_user_key, (
       SELECT key FROM users WHERE customer_key = c.key ORDER BY created_at, key LIMIT 1))
     WHERE c.key = ? AND u.active = 1`,
  );

  return {
    /**
     * Takes the key of one mail (kind, customer, period); false when it was taken before, by
     * this run or another. Call it in the transaction that queues the mail.
     */
    claim(kind: ScheduledMailKind, customerKey: string, period: string, nowMs: number): boolean {
      return claim.run(kind, customerKey, period, nowMs).changes === 1;
    },
    /** Notes which outbox row the claimed mail became. */
    recordMail(kind: ScheduledMailKind, customerKey: string, period: string, mailId: number) {
      recordMail.run(mailId, kind, customerKey, period);
    },
    /** When the customer was last sent a mail of this kind; undefined when never. */
    lastSent(kind: ScheduledMailKind, customerKey: string): number | undefined {
      return lastSent.get(customerKey, kind) ?? undefined;
    },
    /** Customers who may have the weekly statement on and have no mail of `period` yet. */
    weeklyStatementCandidates(period: string): { key: string; preferences: string }[] {
      return weeklyCandidates.all(period);
    },
    /** Every live cart line, with its customer's preferences, grouped by customer. */
    heldCartLines(): HeldCartLineRow[] {
      return heldLines.all();
    },
    recipient(customerKey: string): MailRecipient | undefined {
      const row = recipient.get(customerKey);
      return row && { email: row.email, firstName: row.first_name, company: row.name };
    },
  };
}
export type ScheduledMailRepository = ReturnType<typeof createScheduledMailRepository>;
