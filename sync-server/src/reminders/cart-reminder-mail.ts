import { formatEtaDate, type CartLine } from '@stemline/shared';
import type { MailRenderer } from '../mail/mail-renderer';
import type { OutgoingMail } from '../mail/mailer';
import type { MailRecipient } from './scheduled-mail-repository';

/** At most this many cart lines are named in the mail. */
const MAX_LINES = 10;

/**
 * The cart reminder: the flowers still in the cart (variety, boxes, delivery date), a link to
 * check out, and the unsubscribe link of the `notify_cart_reminder` option.
 */
export function cartReminderMail(
  renderer: MailRenderer,
  recipient: MailRecipient,
  lines: readonly Pick<CartLine, 'variety_name' | 'boxes' | 'eta_date'>[],
  links: { origin: string; unsubscribeUrl: string; headers: Record<string, string> },
): OutgoingMail {
  const body = renderer.render('cart_reminder', {
    firstName: recipient.firstName,
    company: recipient.company,
    lines: lines.slice(0, MAX_LINES).map((line) => ({
      variety: line.variety_name,
      boxes: `${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`,
      delivery: formatEtaDate(line.eta_date),
    })),
    moreLines: Math.max(0, lines.length - MAX_LINES),
    checkoutUrl: `${links.origin}/checkout`,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  return {
    kind: 'cart_reminder',
    to: recipient.email,
    subject: 'Your flowers are still in your Stemline cart',
    ...body,
    headers: links.headers,
  };
}
