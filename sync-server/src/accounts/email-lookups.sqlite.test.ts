import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, checkEmailAvailableAnswerSchema } from '@stemline/shared';
import { EMAIL_LOOKUPS_PER_ADDRESS } from '../rate-limit/rate-limit-rules';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** An IPv4 address of this machine that is not loopback, when it has one: a second client. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

/** The four look-ups of spec §7 that say whether an email has an account (or a guest's). */
const lookups = [
  (base: string, email: string) =>
    fetch(`${base}/api/customer/check_email_available`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
  (base: string, email: string) =>
    fetch(`${base}/api/customer/verify_email_available`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_email: email }),
    }),
  (base: string, email: string) =>
    fetch(`${base}/user/v1/email/available?${new URLSearchParams({ email }).toString()}`),
  (base: string, email: string) =>
    fetch(`${base}/api/customer/get_email_guest`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
];

/** Issue 21 point 7: account look-ups say only "available or not", and slow a list-walker. */
describe('email look-ups', { timeout: 60_000 }, () => {
  describe('answers', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer();
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });

    it('carry no user key for a registered email, on any of the four calls', async () => {
      const stored = (await t.sql.one<{ key: string }>('SELECT key FROM users WHERE email = ?', [
        accounts.florist,
      ])) ?? { key: 'missing' };
      for (const lookup of lookups) {
        const answer = await lookup(t.url, accounts.florist);
        expect(answer.status).toBe(200);
        const text = await answer.text();
        expect(text).not.toContain(stored.key);
        expect(text).not.toMatch(/"(key|user_key|_KEY)"/);
      }
      const checked = await lookups[0]?.(t.url, accounts.florist);
      expect(checkEmailAvailableAnswerSchema.parse(await checked?.json())).toEqual({
        success: true,
        results: [{ guest: false }],
      });
    });
  });

  describe('throttling per client', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ env: { HOST: '0.0.0.0' } });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });
    const local = () => `http://127.0.0.1:${new URL(t.url).port}`;

    it(`refuses the look-up after ${EMAIL_LOOKUPS_PER_ADDRESS.limit} from one client with a 429 that says to wait, on all four calls`, async () => {
      for (let i = 0; i < EMAIL_LOOKUPS_PER_ADDRESS.limit; i += 1) {
        const lookup = lookups[i % lookups.length];
        const answer = await lookup?.(local(), `walker-${i}@bloom-shop.co`);
        expect(answer?.status, `look-up ${i + 1}`).toBe(200);
      }
      for (const lookup of lookups) {
        const refused = await lookup(local(), accounts.florist);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toEqual({
          success: false,
          code: 'rate_limited',
          error: accountMessages.tooManyRequests,
        });
      }
      // A forwarded-for header does not make the same client someone else.
      const spoofed = await fetch(`${local()}/user/v1/email/available?email=a@bloom-shop.co`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
      expect(spoofed.status).toBe(429);
    });

    it.skipIf(outsideAddress === undefined)('leaves other clients alone meanwhile', async () => {
      const other = `http://${outsideAddress}:${new URL(t.url).port}`;
      for (const lookup of lookups) {
        expect((await lookup(other, 'someone@bloom-shop.co')).status).toBe(200);
      }
    });

    it('lets the client look up again once its window has passed', async () => {
      t.clock.advance(EMAIL_LOOKUPS_PER_ADDRESS.windowMs + 1);
      for (const lookup of lookups) {
        expect((await lookup(local(), 'again@bloom-shop.co')).status).toBe(200);
      }
    });
  });
});
