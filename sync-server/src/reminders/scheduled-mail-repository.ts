import type { SqlExecutor } from '../db/sql-engine';

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
export function createScheduledMailRepository(engine: SqlExecutor) {
  return {
    /**
     * Takes the key of one mail (kind, customer, period); false when it was taken before, by
     * this run or another. Call it in the transaction that queues the mail.
     */
    async claim(
      kind: ScheduledMailKind,
      customerKey: string,
      period: string,
      nowMs: number,
    ): Promise<boolean> {
      const { changes } = await engine.run(
        `INSERT INTO scheduled_mails (kind, customer_key, period, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (kind, customer_key, period) DO NOTHING`,
        [kind, customerKey, period, nowMs],
      );
      return changes === 1;
    },
    /** Notes which outbox row the claimed mail became. */
    async recordMail(
      kind: ScheduledMailKind,
      customerKey: string,
      period: string,
      mailId: number,
    ): Promise<void> {
      await engine.run(
        'UPDATE scheduled_mails SET mail_id = ? WHERE kind = ? AND customer_key = ? AND period = ?',
        [mailId, kind, customerKey, period],
      );
    },
    /** When the customer was last sent a mail of this kind; undefined when never. */
    async lastSent(kind: ScheduledMailKind, customerKey: string): Promise<number | undefined> {
      const row = await engine.one<{ last: number | null }>(
        'SELECT MAX(created_at) AS last FROM scheduled_mails WHERE customer_key = ? AND kind = ?',
        [customerKey, kind],
      );
      return row?.last ?? undefined;
    },
    /** Customers who may have the weekly statement on and have no mail of `period` yet. */
    weeklyStatementCandidates(period: string): Promise<{ key: string; preferences: string }[]> {
      // The LIKE only narrows the scan; the caller reads the preference itself.
      return engine.all(
        `SELECT c.key, c.preferences FROM customers c
         WHERE c.preferences LIKE '%customer_statement_email_weekly%'
           AND NOT EXISTS (SELECT 1 FROM scheduled_mails s
             WHERE s.kind = 'weekly_statement' AND s.customer_key = c.key AND s.period = ?)
         ORDER BY c.key`,
        [period],
      );
    },
    /** Every live cart line, with its customer's preferences, grouped by customer. */
    heldCartLines(): Promise<HeldCartLineRow[]> {
      return engine.all(
        `SELECT l.customer_key, c.preferences, l.doc FROM cart_lines l
         JOIN customers c ON c.key = l.customer_key
         WHERE l.deleted = 0
         ORDER BY l.customer_key, l.key`,
      );
    },
    async recipient(customerKey: string): Promise<MailRecipient | undefined> {
      const row = await engine.one<{ email: string; first_name: string; name: string }>(
        `SELECT u.email, u.first_name, c.name FROM customers c
         JOIN users u ON u.key = COALESCE(c.main_user_key, (
           SELECT key FROM users WHERE customer_key = c.key ORDER BY created_at, key LIMIT 1))
         WHERE c.key = ? AND u.active = 1`,
        [customerKey],
      );
      return row && { email: row.email, firstName: row.first_name, company: row.name };
    },
  };
}
export type ScheduledMailRepository = ReturnType<typeof createScheduledMailRepository>;
