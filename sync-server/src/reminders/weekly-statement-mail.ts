import { formatCents, marketToday, type Statement } from '@stemline/shared';
import type { MailRenderer } from '../mail/mail-renderer';
import type { OutgoingMail } from '../mail/mailer';
import { statementMonthName } from '../statements/statement-period';
import type { MailRecipient } from './scheduled-mail-repository';

/** At most this many statement lines are written out in the mail; the PDF has them all. */
const MAX_LINES = 30;

const KIND_LABEL: Record<Statement['entries'][number]['kind'], string> = {
  order: 'Order',
  credit: 'Credit',
  payment: 'Payment',
};

/**
 * The weekly statement mail: the month so far (opening balance, each order, credit and payment,
 * the totals and what is owed now, to the cent), a link to the account's statements, and the
 * unsubscribe link of the `customer_statement_email_weekly` option.
 */
export function weeklyStatementMail(
  renderer: MailRenderer,
  recipient: MailRecipient,
  statement: Statement,
  links: { origin: string; unsubscribeUrl: string; headers: Record<string, string> },
): OutgoingMail {
  const money = formatCents;
  const monthName = statementMonthName(statement.month);
  const body = renderer.render('weekly_statement', {
    firstName: recipient.firstName,
    company: recipient.company,
    monthName,
    number: statement.number,
    opening: money(statement.opening_cents),
    charges: money(statement.charges_cents),
    credits: money(statement.credits_cents),
    payments: money(statement.payments_cents),
    closing: money(statement.closing_cents),
    lines: statement.entries.slice(0, MAX_LINES).map((entry) => ({
      date: marketToday(entry.at).toString(),
      kind: KIND_LABEL[entry.kind],
      reference: entry.reference,
      amount: money(entry.amount_cents),
    })),
    moreLines: Math.max(0, statement.entries.length - MAX_LINES),
    accountUrl: `${links.origin}/shopping/home/account`,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  return {
    kind: 'weekly_statement',
    to: recipient.email,
    subject: `Your Stemline statement for ${monthName}: ${money(statement.closing_cents)} owed`,
    ...body,
    headers: links.headers,
  };
}
