import type { MailboxAnswer } from '@stemline/shared';
import type { SqlExecutor } from '../db/sql-engine';
import { MAIL_LINK } from './mail-links';

interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
}

/**
 * Writes to the mail outbox (`mail_outbox`): every mail is recorded first, then marked sent or
 * failed once SMTP answers.
 */
export function createOutboxRepository(engine: SqlExecutor) {
  return {
    /** Records a mail; answers its id. */
    async add(
      mail: { kind: string; to: string; subject: string; text: string },
      at: number,
    ): Promise<number> {
      // RETURNING on both engines (SQLite 3.35+): PostgreSQL has no last-insert row id.
      const row = await engine.one<{ id: number }>(
        `INSERT INTO mail_outbox (kind, recipient, subject, body_text, created_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id`,
        [mail.kind, mail.to, mail.subject, mail.text, at],
      );
      if (!row) throw new Error('the mail could not be recorded');
      return Number(row.id);
    },
    async markSent(id: number, at: number): Promise<void> {
      await engine.run('UPDATE mail_outbox SET sent_at = ? WHERE id = ?', [at, id]);
    },
    async markFailed(id: number, error: string): Promise<void> {
      await engine.run('UPDATE mail_outbox SET error = ? WHERE id = ?', [error, id]);
    },
    /** The newest mails, to one address or to all (see `createOutboxReader`). */
    recent: createOutboxReader(engine),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/** Reads the mail outbox for the dev mailbox, newest first, with the links found in each mail. */
export function createOutboxReader(engine: SqlExecutor) {
  return async (
    options: { to?: string | undefined; limit?: number } = {},
  ): Promise<MailboxAnswer['results']> => {
    const to = options.to ?? '';
    // lower() on both sides: case-insensitive on both engines (COLLATE NOCASE is SQLite's).
    const rows = await engine.all<OutboxRow>(
      `SELECT id, kind, recipient, subject, body_text, created_at, sent_at FROM mail_outbox
       WHERE (? = '' OR lower(recipient) = lower(?)) ORDER BY id DESC LIMIT ?`,
      [to, to, options.limit ?? 100],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      to: row.recipient,
      subject: row.subject,
      text: row.body_text,
      links: row.body_text.match(MAIL_LINK) ?? [],
      created_at: row.created_at,
      sent_at: row.sent_at,
    }));
  };
}
