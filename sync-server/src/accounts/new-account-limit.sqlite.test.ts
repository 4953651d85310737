import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, guestSignInAnswerSchema, signUpAnswerSchema } from '@stemline/shared';
import { NEW_ACCOUNTS_PER_ADDRESS } from '../rate-limit/rate-limit-rules';
import { publicToken, signUpFields, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { startTestServer, type ApiAnswer, type TestServer } from '../test-support/test-server';

const LIMIT = 3;

/**
 * Accounts made in bulk from one client address (sign_up, guest_sign_in), tried as an attacker
 * would: past NEW_ACCOUNTS_PER_CLIENT in an hour nothing is created and no mail goes out.
 */
describe('new accounts per client address', { timeout: 60_000 }, () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((t) => t.stop()));
  });
  const start = async (env: Record<string, string | undefined>) => {
    const t = await startTestServer({ env: { NEW_ACCOUNTS_PER_CLIENT: String(LIMIT), ...env } });
    servers.push(t);
    return t;
  };

  const count = async (t: TestServer, sql: string, params: string[] = []) =>
    Number((await t.sql.one<{ n: number | string }>(sql, params))?.n);
  const usersWith = (t: TestServer, email: string) =>
    count(t, 'SELECT COUNT(*) AS n FROM users WHERE lower(email) = lower(?)', [email]);
  const customers = (t: TestServer) => count(t, 'SELECT COUNT(*) AS n FROM customers');
  const mails = (t: TestServer) => count(t, 'SELECT COUNT(*) AS n FROM mail_outbox');

  /** A full sign-up with a freshly solved captcha, sent with `headers`. */
  const signUp = async (t: TestServer, email: string, headers: Record<string, string>) =>
    t.request('/api/customer/sign_up', {
      json: { ...signUpFields(email), reCaptchaToken: await solveCaptcha(t.url) },
      headers,
    });
  /** A guest sign-in (see prices) with a freshly solved captcha, sent with `headers`. */
  const guestSignIn = async (t: TestServer, email: string, headers: Record<string, string>) =>
    t.request('/api/cs/run', {
      json: {
        key: 'guest_sign_in',
        params: { email, reCaptchaToken: await solveCaptcha(t.url) },
      },
      token: await publicToken(t),
      headers,
    });
  /** Makes the answer's failure readable in the test's output. */
  const statusOf = (answer: ApiAnswer) => [answer.status, JSON.stringify(answer.body)] as const;

  /** The refusal: a 429 saying why, and nothing written or mailed for the email. */
  const expectRefused = async (
    t: TestServer,
    answer: ApiAnswer,
    email: string,
    before: { customers: number; mails: number },
  ) => {
    expect(statusOf(answer)[0], statusOf(answer)[1]).toBe(429);
    expect(answer.body).toMatchObject({
      success: false,
      token: null,
      error: accountMessages.tooManyNewAccounts,
    });
    expect(await usersWith(t, email)).toBe(0);
    expect(await customers(t)).toBe(before.customers);
    expect(await mails(t)).toBe(before.mails);
  };

  describe('behind one declared proxy (each client the proxy saw counted alone)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await start({ TRUSTED_PROXY_HOPS: '1' });
    }, 30_000);

    it(`refuses the account after ${LIMIT} from one address with a 429, creating nothing and mailing no one`, async () => {
      const from = { 'X-Forwarded-For': '203.0.113.10' };
      const guestEmail = uniqueEmail('bulk-guest');
      expect(...statusOf(await guestSignIn(t, guestEmail, from))).toBe(200);
      for (let i = 1; i < LIMIT; i += 1) {
        expect(...statusOf(await signUp(t, uniqueEmail('bulk'), from))).toBe(200);
      }
      const before = { customers: await customers(t), mails: await mails(t) };
      const refusedGuest = uniqueEmail('bulk-guest');
      const guestAnswer = await guestSignIn(t, refusedGuest, from);
      await expectRefused(t, guestAnswer, refusedGuest, before);
      expect(guestSignInAnswerSchema.parse(guestAnswer.body).created).toBe(false);
      const refusedBuyer = uniqueEmail('bulk');
      const signUpAnswer = await signUp(t, refusedBuyer, from);
      await expectRefused(t, signUpAnswer, refusedBuyer, before);
      signUpAnswerSchema.parse(signUpAnswer.body);

      // Signing in again as a guest the address made creates nothing: it is never refused.
      const again = await guestSignIn(t, guestEmail, from);
      expect(...statusOf(again)).toBe(200);
      expect(guestSignInAnswerSchema.parse(again.body).created).toBe(false);

      // Another client of the same proxy is not refused for the first one's accounts.
      const other = uniqueEmail('neighbour');
      expect(...statusOf(await signUp(t, other, { 'X-Forwarded-For': '203.0.113.11' }))).toBe(200);
      expect(await usersWith(t, other)).toBe(1);
    });

    it('does not believe an address the client put in front of the chain', async () => {
      const real = '203.0.113.20';
      for (let i = 0; i < LIMIT; i += 1) {
        const headers = { 'X-Forwarded-For': real };
        expect(...statusOf(await guestSignIn(t, uniqueEmail('chain'), headers))).toBe(200);
      }
      const before = { customers: await customers(t), mails: await mails(t) };
      const email = uniqueEmail('chain');
      const forged = { 'X-Forwarded-For': `192.0.2.${LIMIT}, ${real}` };
      await expectRefused(t, await guestSignIn(t, email, forged), email, before);
    });

    it('slides: an account leaves the count an hour after it was made', async () => {
      const from = { 'X-Forwarded-For': '203.0.113.30' };
      expect(...statusOf(await guestSignIn(t, uniqueEmail('slide'), from))).toBe(200);
      t.clock.advance(30 * 60_000);
      for (let i = 1; i < LIMIT; i += 1) {
        expect(...statusOf(await guestSignIn(t, uniqueEmail('slide'), from))).toBe(200);
      }
      const refused = await guestSignIn(t, uniqueEmail('slide'), from);
      expect(...statusOf(refused)).toBe(429);

      // Just under an hour after the first: still counted.
      t.clock.advance(NEW_ACCOUNTS_PER_ADDRESS.windowMs - 30 * 60_000 - 1_000);
      expect(...statusOf(await guestSignIn(t, uniqueEmail('slide'), from))).toBe(429);
      // The first has left the window: one slot, and one only.
      t.clock.advance(1_000);
      const freed = uniqueEmail('slide');
      expect(...statusOf(await guestSignIn(t, freed, from))).toBe(200);
      expect(await usersWith(t, freed)).toBe(1);
      expect(...statusOf(await signUp(t, uniqueEmail('slide'), from))).toBe(429);
    });
  });

  describe('with no declared proxy (the socket address is the client)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await start({ TRUSTED_PROXY_HOPS: undefined });
    }, 30_000);

    it('counts every forwarding header a client writes as the one address it comes from', async () => {
      const forgeries: Record<string, string>[] = [
        { 'X-Forwarded-For': '198.51.100.1' },
        { 'X-Forwarded-For': '198.51.100.2, 198.51.100.3' },
        { Forwarded: 'for=198.51.100.4' },
        { 'X-Real-IP': '198.51.100.5' },
      ];
      for (let i = 0; i < LIMIT; i += 1) {
        const headers = forgeries[i % forgeries.length] ?? {};
        expect(...statusOf(await signUp(t, uniqueEmail('forged'), headers))).toBe(200);
      }
      for (const headers of [...forgeries, {}]) {
        const before = { customers: await customers(t), mails: await mails(t) };
        const email = uniqueEmail('forged');
        await expectRefused(t, await guestSignIn(t, email, headers), email, before);
      }
    });

    it('does not count a sales rep’s hunter sign-ups, nor let a visitor pass as one', async () => {
      // The address is over its limit (the test above); the rep signs customers up from it.
      const hunter = { hunter: 'u-hunter', created_by_hunter: true } as const;
      const rep = await t.login('hunter@stemline.test');
      for (let i = 0; i < LIMIT + 1; i += 1) {
        const reCaptchaToken = await solveCaptcha(t.url);
        const answer = await t.request('/api/customer/sign_up', {
          json: { ...signUpFields(uniqueEmail('hunted'), hunter), reCaptchaToken },
          token: rep,
        });
        expect(...statusOf(answer)).toBe(200);
      }
      // The same fields from a visitor are dropped (hunter-fields.ts), and the limit holds.
      const before = { customers: await customers(t), mails: await mails(t) };
      const email = uniqueEmail('posing');
      const answer = await t.request('/api/customer/sign_up', {
        json: { ...signUpFields(email, hunter), reCaptchaToken: await solveCaptcha(t.url) },
        token: await publicToken(t),
      });
      await expectRefused(t, answer, email, before);
    });
  });

  it('refuses a limit that is not a whole number of at least 1, by name', async () => {
    await expect(start({ NEW_ACCOUNTS_PER_CLIENT: '0' })).rejects.toThrow(
      /NEW_ACCOUNTS_PER_CLIENT/,
    );
    await expect(start({ NEW_ACCOUNTS_PER_CLIENT: 'many' })).rejects.toThrow(
      /NEW_ACCOUNTS_PER_CLIENT/,
    );
  });
});
