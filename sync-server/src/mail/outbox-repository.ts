import type { MailboxAnswer } from '@stemline/shared';
import type { Db } from '../db/database';
import { MAIL_LINK } from './mailer';

interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
}

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
