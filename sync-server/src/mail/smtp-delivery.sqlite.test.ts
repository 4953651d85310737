import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../test-support/accounts';
import type { TestServer } from '../test-support/test-server';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../test-support/smtp-fixture';

/** Headers of a raw RFC 5322 message (unfolded), by lower-case name. */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The body of a single-part message, quoted-printable decoded when it says so. */
function bodyOf(raw: string): string {
  const separator = /\r?\n\r?\n/.exec(raw);
  const body = separator ? raw.slice(separator.index + separator[0].length) : '';
  if (!/quoted-printable/i.test(headersOf(raw).get('content-transfer-encoding') ?? '')) return body;
  return decodeQuotedPrintable(body);
}

/**
 * Real SMTP delivery: the server hands the password-reset mail to a local SMTP server (the
 * `smtp-server` package, started here on a free port) and marks the outbox row as sent.
 */
describe('password-reset mail over a real SMTP server', { timeout: 30_000 }, () => {
  let received: ReceivedMail[] = [];
  let stop: () => Promise<void>;
  let t: TestServer;

  beforeAll(async () => {
    ({ t, received, stop } = await startSmtpTestServer());
  }, 30_000);
  afterAll(() => stop());

  it('delivers the reset mail: recipient, subject and a working reset link', async () => {
    const email = uniqueEmail('smtp');
    expect((await signUp(t, email)).status).toBe(200);
    expect((await t.post('/api/forgot_password', { email })).body).toEqual({
      success: true,
      error: null,
    });
    await t.server.context.services.mailer.flush();

    const mail = received.find((entry) => entry.to.includes(email));
    expect(mail).toBeDefined();
    if (!mail) return;
    const headers = headersOf(mail.raw);
    expect(headers.get('to')).toBe(email);
    expect(headers.get('subject')).toBe('Create your new Stemline password');
    const link = /https:\/\/\S+/.exec(bodyOf(mail.raw))?.[0] ?? '';
    const url = new URL(link);
    expect(url.origin).toBe('https://shop.stemline.example');
    expect(url.pathname).toBe('/shopping/home');
    expect(url.searchParams.has('change_password')).toBe(true);
    const userKey = (
      await t.sql.one<{ key: string }>('SELECT key FROM users WHERE email = ?', [email])
    )?.key;
    expect(url.searchParams.get('user_id')).toBe(userKey);

    // The mailed code is the real one: it sets the password once.
    const changed = await t.post('/api/request_change_password', {
      userId: url.searchParams.get('user_id') ?? '',
      code: url.searchParams.get('code') ?? '',
      password: 'peonies-in-june',
    });
    expect(changed.body).toEqual({
      success: true,
      message: 'Password changed successfully',
      email,
    });

    const row = (await t.sql.one<{ sent_at: number | null; error: string | null }>(
      'SELECT sent_at, error FROM mail_outbox WHERE recipient = ? AND kind = ?',
      [email, 'password_reset'],
    )) ?? { sent_at: null, error: 'no mail' };
    expect(row.sent_at).not.toBeNull();
    expect(row.error).toBeNull();
  });

  it('sends nothing for an unknown email, while answering the same', async () => {
    const before = received.length;
    const answer = await t.post('/api/forgot_password', { email: uniqueEmail('nobody') });
    expect(answer.body).toEqual({ success: true, error: null });
    await t.server.context.services.mailer.flush();
    expect(received.length).toBe(before);
  });
});
