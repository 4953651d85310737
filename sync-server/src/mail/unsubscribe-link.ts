import { createHmac } from 'node:crypto';
import { notificationOptionSchema, type NotificationOption } from '@stemline/shared';
import { isSignatureText } from '../kernel/signature-text';

/** Whose option an unsubscribe link turns off. */
export interface UnsubscribeTarget {
  customerKey: string;
  option: NotificationOption;
}

const MAX_CUSTOMER_KEY_LENGTH = 64;

function signature(secret: string, target: UnsubscribeTarget): Buffer {
  const key = createHmac('sha256', secret).update('unsubscribe-link').digest();
  return createHmac('sha256', key).update(`v1\n${target.customerKey}\n${target.option}`).digest();
}

/**
 * The token of an unsubscribe link: the customer's key, the option and an HMAC over both (keyed
 * from the server's secret), so a link turns off only the option of the mail it came in, for
 * only the customer it was sent to. It does not expire: an old mail's link still works.
 */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const customer = Buffer.from(target.customerKey).toString('base64url');
  return `${customer}.${target.option}.${signature(secret, target).toString('base64url')}`;
}

/** What a token names when its signature is this server's; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [customer, option, given, ...rest] = token.split('.');
  if (customer === undefined || given === undefined || rest.length > 0) return undefined;
  const parsedOption = notificationOptionSchema.safeParse(option);
  if (!parsedOption.success) return undefined;
  const customerKey = Buffer.from(customer, 'base64url').toString('utf8');
  // base64url decoding skips stray characters: only the canonical spelling is accepted.
  if (Buffer.from(customerKey).toString('base64url') !== customer) return undefined;
  if (customerKey === '' || customerKey.length > MAX_CUSTOMER_KEY_LENGTH) return undefined;
  const target = { customerKey, option: parsedOption.data };
  const expected = signature(secret, target);
  if (!isSignatureText(given, expected)) return undefined;
  return target;
}

/** The link a mail carries: the app's unsubscribe page, which needs no session. */
export function unsubscribeUrl(origin: string, secret: string, target: UnsubscribeTarget): string {
  return `${origin}/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(secret, target) }).toString()}`;
}

/** The one-click address mail clients POST to (RFC 8058 `List-Unsubscribe`). */
export function oneClickUnsubscribeUrl(
  origin: string,
  secret: string,
  target: UnsubscribeTarget,
): string {
  return `${origin}/api/mail/unsubscribe?${new URLSearchParams({ token: unsubscribeToken(secret, target) }).toString()}`;
}

/** The headers that let a mail client offer its own unsubscribe button (RFC 2369, RFC 8058). */
export function unsubscribeHeaders(
  origin: string,
  secret: string,
  target: UnsubscribeTarget,
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(origin, secret, target)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
