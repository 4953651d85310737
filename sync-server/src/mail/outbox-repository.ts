import type { MailboxAnswer } from '@stemline/shared';
import type { Db } from '../db/database';
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
export function createOutboxRepository(db: Db) {
  const insert = db.prepare<[string, string, string, string, number]>(
    'INSERT INTO mail_outbox (kind, recipient, subject, body_text, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const markSent = db.prepare<[number, number]>('UPDATE mail_outbox SET sent_at = ? WHERE id = ?');
  const markFailed = db.prepare<[string, number]>('UPDATE mail_outbox SET error = ? WHERE id = ?');
  return {
    /** Records a mail; answers its id. */
    add(mail: { kind: string; to: string; subject: string; text: string }, at: number): number {
      return Number(insert.run(mail.kind, mail.to, mail.subject, mail.text, at).lastInsertRowid);
    },
    markSent(id: number, at: number): void {
      markSent.run(at, id);
    },
    markFailed(id: number, error: string): void {
      markFailed.run(error, id);
    },
    /** The newest mails, to one address or to all (see `createOutboxReader`). */
    recent: createOutboxReader(db),
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/** Reads the mail outbox for the dev mailbox, newest first, with the links found in each mail. */
export function createOutboxReader(db: Db) {
  const recent = db.prepare<[string, string, number], OutboxRow>(
    `SELECT id, kind, recipient, subject, body_text, created_at, sent_at FROM mail_outbox
     WHERE (? = '' OR recipient = ? COLLATE NOCASE) ORDER BY id DESC LIMIT ?`,
  );
  return (options: { to?: string | undefined; limit?: number } = {}): MailboxAnswer['results'] => {
    const to = options.to ?? '';
    return recent.all(to, to, options.limit ?? 100).map((row) => ({
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
