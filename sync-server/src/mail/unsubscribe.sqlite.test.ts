import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '@stemline/shared';
import { createMailScheduler } from '../reminders/mail-scheduler';
import { mailsTo } from '../test-support/accounts';
import { createTestBuyersOf, type TestBuyer } from '../test-support/test-buyers';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';
import {
  decodeQuotedPrintable,
  startSmtpTestServer,
  type ReceivedMail,
} from '../test-support/smtp-fixture';
import { unsubscribeToken } from './unsubscribe-link';

/** The token of a mail's unsubscribe link (the mail's last link, to the app's page). */
function tokenOfLink(link: string | undefined): string {
  const url = new URL(link ?? 'http://missing');
  expect(url.pathname).toBe('/unsubscribe');
  return url.searchParams.get('token') ?? '';
}

describe('unsubscribe links', () => {
  let t: TestServer;
  let manager = '';
  let buyers: TestBuyer[] = [];

  const preferencesOf = async (customerKey: string) => {
    const row = await t.sql.one<{ preferences: string }>(
      'SELECT preferences FROM customers WHERE key = ?',
      [customerKey],
    );
    return JSON.parse(row?.preferences ?? 'null') as Record<string, unknown>;
  };
  const allPreferences = () => t.sql.all('SELECT key, preferences FROM customers ORDER BY key');
  const outboxCount = async () =>
    Number((await t.sql.one<{ n: number | string }>('SELECT COUNT(*) AS n FROM mail_outbox'))?.n);
  const unsubscribe = (body: unknown) => t.post('/api/mail/unsubscribe', body);
  const sendTemplate = (customer: string) =>
    t.post('/api/mail/sent_email_template', { template: 'welcome', customer }, manager);

  beforeAll(async () => {
    t = await startTestServer();
    manager = await t.login(accounts.manager);
    buyers = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 3, 'unsub');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it("a promo's link turns promos off without a session, and staff can no longer mail them", async () => {
    expect((await sendTemplate('c-bennett')).status).toBe(200);
    const [mail] = (await mailsTo(t, accounts.florist)).filter(
      (m) => m.kind === 'template_welcome',
    );
    const token = tokenOfLink(mail?.links.at(-1));

    const answer = await unsubscribe({ token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, option: 'notify_promos', label: 'Promos' });
    expect((await preferencesOf('c-bennett')).notify_promos).toBe(false);
    // A second click is harmless.
    expect((await unsubscribe({ token })).status).toBe(200);

    const before = await outboxCount();
    const refused = await sendTemplate('c-bennett');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: mailMessages.promosOff });
    expect(await outboxCount()).toBe(before);
  });

  it("a weekly statement's link turns off the weekly statement only, for that customer only", async () => {
    const [buyer, other] = buyers;
    if (!buyer || !other) throw new Error('no buyers');
    for (const each of [buyer, other]) {
      await t.post(
        '/api/customer/update_preferences',
        { preferences: { customer_statement_email_weekly: true, notify_promos: true } },
        each.token,
      );
    }
    await t.server.runScheduledMails();
    const [mail] = (await mailsTo(t, `${buyer.userKey}@load.test`)).filter(
      (m) => m.kind === 'weekly_statement',
    );
    const answer = await unsubscribe({ token: tokenOfLink(mail?.links.at(-1)) });
    expect(answer.body).toMatchObject({ option: 'customer_statement_email_weekly' });
    expect(await preferencesOf(buyer.customerKey)).toMatchObject({
      customer_statement_email_weekly: false,
      notify_promos: true,
    });
    expect(await preferencesOf(other.customerKey)).toMatchObject({
      customer_statement_email_weekly: true,
    });
  });

  it('answers a mail client’s one-click POST (RFC 8058) alike', async () => {
    const [, , buyer] = buyers;
    if (!buyer) throw new Error('no buyer');
    const token = unsubscribeToken(t.server.context.jwtSecret, {
      customerKey: buyer.customerKey,
      option: 'notify_cart_reminder',
    });
    const answer = await t.request(
      `/api/mail/unsubscribe?${new URLSearchParams({ token }).toString()}`,
      {
        method: 'POST',
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(answer.status).toBe(200);
    expect((await preferencesOf(buyer.customerKey)).notify_cart_reminder).toBe(false);
  });

  describe('as an attacker would try it', () => {
    const secret = () => t.server.context.jwtSecret;
    const valid = () =>
      unsubscribeToken(secret(), { customerKey: 'c-park', option: 'notify_track_and_trace' });
    const parts = () => valid().split('.') as [string, string, string];
    // A 32-byte HMAC is 43 base64url characters: the last carries 4 bits and 2 unused ones.
    const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const lastCharXor = (text: string, bits: number) =>
      text.slice(0, -1) + BASE64URL.charAt(BASE64URL.indexOf(text.slice(-1)) ^ bits);
    /** Another signature: one of the last character's data bits changed. */
    const flip = (text: string) => lastCharXor(text, 0b010000);
    /** The same signature bytes, spelled otherwise: an unused bit changed. */
    const respell = (text: string) => lastCharXor(text, 0b000001);
    const hostile: [string, () => unknown][] = [
      [
        'an altered signature',
        () => ({ token: `${parts()[0]}.${parts()[1]}.${flip(parts()[2])}` }),
      ],
      [
        // The last character's two unused bits changed: decodes to the very same signature bytes.
        'the same signature spelled another way',
        () => ({ token: `${parts()[0]}.${parts()[1]}.${respell(parts()[2])}` }),
      ],
      [
        "another customer's key under this signature",
        () => ({
          token: `${Buffer.from('c-bennett').toString('base64url')}.${parts()[1]}.${parts()[2]}`,
        }),
      ],
      [
        'another option under this signature',
        () => ({ token: `${parts()[0]}.notify_promos.${parts()[2]}` }),
      ],
      [
        "another server's link (another secret)",
        () => ({
          token: unsubscribeToken('another-server-secret-of-at-least-32-chars', {
            customerKey: 'c-park',
            option: 'notify_track_and_trace',
          }),
        }),
      ],
      [
        'an option that does not exist',
        () => ({ token: `${parts()[0]}.notify_everything.${parts()[2]}` }),
      ],
      ['a padded customer part', () => ({ token: `${parts()[0]}=.${parts()[1]}.${parts()[2]}` })],
      ['a fourth part', () => ({ token: `${valid()}.extra` })],
      ['an empty token', () => ({ token: '' })],
      ['a huge token', () => ({ token: 'a'.repeat(100_000) })],
      ['a number', () => ({ token: 42 })],
      ['an array', () => ({ token: [valid()] })],
      ['no token at all', () => ({})],
    ];

    it.each(hostile)('refuses %s with a clear 400, changing nothing', async (_what, body) => {
      const before = await allPreferences();
      const answer = await unsubscribe(body());
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: mailMessages.unsubscribeInvalid });
      expect(await allPreferences()).toEqual(before);
    });

    it('refuses a link whose customer is gone (404), changing nothing', async () => {
      const before = await allPreferences();
      const token = unsubscribeToken(secret(), { customerKey: 'c-gone', option: 'notify_promos' });
      const answer = await unsubscribe({ token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: mailMessages.unsubscribeInvalid });
      expect(await allPreferences()).toEqual(before);
    });

    it('changes nothing on a GET, as a mail scanner opening links would send', async () => {
      const before = await allPreferences();
      const answer = await t.get(
        `/api/mail/unsubscribe?${new URLSearchParams({ token: valid() }).toString()}`,
      );
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(await allPreferences()).toEqual(before);
      expect((await preferencesOf('c-park')).notify_track_and_trace).toBeUndefined();
    });
  });
});

/** A raw MIME message's parts (one level of multipart), each with its headers and decoded body. */
function mimeParts(raw: string): { headers: string; body: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [headers = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      let body = rest.join('\n\n');
      if (/quoted-printable/i.test(headers)) {
        body = decodeQuotedPrintable(body);
      } else if (/base64/i.test(headers)) {
        body = Buffer.from(body, 'base64').toString('utf8');
      }
      return { headers, body };
    });
}

describe('scheduled mail over a real SMTP server', { timeout: 30_000 }, () => {
  let received: ReceivedMail[] = [];
  let stop: () => Promise<void>;
  let t: TestServer;

  beforeAll(async () => {
    ({ t, received, stop } = await startSmtpTestServer());
  }, 30_000);
  afterAll(() => stop());

  it('has a plain-text and an escaped HTML part, and List-Unsubscribe headers for one click', async () => {
    const [buyer] = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 1, 'smtp');
    if (!buyer) throw new Error('no buyer');
    await t.sql.run('UPDATE customers SET name = ? WHERE key = ?', [
      '<img src=x onerror=alert(1)> & Co',
      buyer.customerKey,
    ]);
    await t.post(
      '/api/customer/update_preferences',
      { preferences: { customer_statement_email_weekly: true } },
      buyer.token,
    );
    const scheduler = createMailScheduler(t.server.context, () => 'https://shop.stemline.example');
    expect((await scheduler.run()).weeklyStatements).toBe(1);
    await scheduler.flush();

    const raw = received.find((mail) => mail.raw.includes(`${buyer.userKey}@load.test`))?.raw ?? '';
    const head = raw.split(/\r?\n\r?\n/, 1)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
    const listUnsubscribe = /^List-Unsubscribe:\s*<([^>]+)>$/im.exec(head)?.[1] ?? '';
    expect(listUnsubscribe).toMatch(
      /^https:\/\/shop\.stemline\.example\/api\/mail\/unsubscribe\?token=/,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(head).toMatch(/^Content-Type: multipart\/alternative/im);

    const parts = mimeParts(raw);
    const text = parts.find((part) => /text\/plain/i.test(part.headers))?.body ?? '';
    const html = parts.find((part) => /text\/html/i.test(part.headers))?.body ?? '';
    expect(text).toContain('<img src=x onerror=alert(1)> & Co');
    expect(text).toContain('https://shop.stemline.example/unsubscribe?token=');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://shop.stemline.example/unsubscribe?token=');

    // The header's one-click address works as a mail client would POST it.
    const url = new URL(listUnsubscribe);
    const answer = await t.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ option: 'customer_statement_email_weekly' });
  });
});
