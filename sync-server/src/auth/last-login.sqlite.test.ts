import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  loginAnswerSchema,
  preferencesSchema,
  validateAnswerSchema,
} from '@stemline/shared';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { publicToken, run, signUp, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { followMailedLink } from '../test-support/guests';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Spec §3 and §9: a log-in is kept on the customer, with the kind of window and the app mode:
 * every way in (password, guest sign-in, the emailed link, sign-up), never a rep's login-as.
 */
describe('the last log-in on the customer record', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const logIn = async (email: string, client?: string) => {
    const query = new URLSearchParams({
      email,
      password: DEMO_PASSWORD,
      reCaptchaToken: await solveCaptcha(t.url),
      ...(client !== undefined && { client }),
    });
    return t.get(`/api/security/login?${query.toString()}`);
  };
  const customer = async (key: string) => {
    const row = await t.sql.one<{ last_login: number | null; preferences: string }>(
      'SELECT last_login, preferences FROM customers WHERE key = ?',
      [key],
    );
    if (!row) throw new Error(`no customer ${key}`);
    return {
      lastLogin: row.last_login === null ? null : Number(row.last_login),
      preferences: preferencesSchema.parse(JSON.parse(row.preferences)),
    };
  };

  it('keeps when, from what kind of window and in which mode a customer last logged in', async () => {
    t.clock.now = Date.UTC(2026, 10, 27, 15, 0);
    const answer = await logIn(accounts.florist, 'mobile');
    expect(answer.status).toBe(200);

    const stored = await customer('c-bennett');
    expect(stored.lastLogin).toBe(Date.UTC(2026, 10, 27, 15, 0));
    // Bennett Blooms has ordered before: the app's mode; Park Petals has not: beta.
    expect(stored.preferences).toMatchObject({
      last_login_client: 'mobile',
      last_login_app: 'app',
    });
    // The answer's user reads the preferences as they are stored now.
    const user = loginAnswerSchema.parse(answer.body).user;
    expect(JSON.parse(user?.metadata.preferences ?? '{}')).toMatchObject({
      last_login_client: 'mobile',
    });

    expect((await logIn(accounts.newbuyer, 'desktop')).status).toBe(200);
    expect((await customer('c-park')).preferences).toMatchObject({
      last_login_client: 'desktop',
      last_login_app: 'beta',
    });
  });

  it('keeps the other preferences, and the last known client when a log-in names none', async () => {
    await t.sql.run('UPDATE customers SET preferences = ? WHERE key = ?', [
      JSON.stringify({ email_verified: true, last_login_client: 'desktop' }),
      'c-bennett',
    ]);
    t.clock.now = Date.UTC(2026, 10, 28, 9, 30);
    expect((await logIn(accounts.florist)).status).toBe(200);

    const stored = await customer('c-bennett');
    expect(stored.lastLogin).toBe(Date.UTC(2026, 10, 28, 9, 30));
    expect(stored.preferences).toMatchObject({
      email_verified: true,
      last_login_client: 'desktop',
      last_login_app: 'app',
    });
  });

  it('refuses a client that is neither mobile nor desktop, and records nothing', async () => {
    const before = await customer('c-bennett');
    t.clock.now = Date.UTC(2026, 10, 29, 12, 0);
    for (const client of ['tablet', '', 'mobile<script>', 'MOBILE']) {
      const answer = await logIn(accounts.florist, client);
      expect(answer.status).toBe(400);
      expect(loginAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        token: null,
        user: null,
        error: accountMessages.unknownLoginClient,
      });
    }
    expect(await customer('c-bennett')).toEqual(before);
  });

  it('records nothing on a wrong password', async () => {
    const before = await customer('c-park');
    t.clock.now = Date.UTC(2026, 10, 30, 8, 0);
    const query = new URLSearchParams({
      email: accounts.newbuyer,
      password: 'not-the-password',
      reCaptchaToken: await solveCaptcha(t.url),
      client: 'mobile',
    });
    expect((await t.get(`/api/security/login?${query.toString()}`)).status).toBe(401);
    expect(await customer('c-park')).toEqual(before);
  });

  describe('every way in counts; a login-as session does not', () => {
    /** The customer of a sign-in answer. */
    const customerOf = (body: unknown): string =>
      loginAnswerSchema.parse(body).user?.metadata.customer ?? '';
    const guestSignIn = async (email: string) =>
      run(
        t,
        'guest_sign_in',
        { email, reCaptchaToken: await solveCaptcha(t.url) },
        await publicToken(t),
      );

    it('a new guest’s sign-in, and each later one, is its customer’s last log-in', async () => {
      const email = uniqueEmail('guest');
      t.clock.now = Date.UTC(2026, 11, 1, 9, 0);
      const first = await guestSignIn(email);
      expect(first.status).toBe(200);
      const key = customerOf(first.body);
      expect(await customer(key)).toMatchObject({
        lastLogin: Date.UTC(2026, 11, 1, 9, 0),
        preferences: { last_login_app: 'beta' },
      });

      t.clock.now = Date.UTC(2026, 11, 2, 14, 30);
      expect((await guestSignIn(email)).status).toBe(200);
      expect((await customer(key)).lastLogin).toBe(Date.UTC(2026, 11, 2, 14, 30));
    });

    it('opening the emailed link signs in: the guest’s, and the account it makes', async () => {
      const email = uniqueEmail('linked');
      t.clock.now = Date.UTC(2026, 11, 3, 8, 0);
      const key = customerOf((await guestSignIn(email)).body);
      t.clock.now = Date.UTC(2026, 11, 3, 8, 20);
      await followMailedLink(t, email);
      expect((await customer(key)).lastLogin).toBe(Date.UTC(2026, 11, 3, 8, 20));

      // A link staff sent to a prospect makes the account as it signs in.
      const prospect = uniqueEmail('prospect');
      const staff = await t.login(accounts.manager);
      const sent = await run(t, 'send_email_verification', { email: prospect }, staff);
      expect(sent.status).toBe(200);
      t.clock.now = Date.UTC(2026, 11, 3, 9, 45);
      const token = await followMailedLink(t, prospect);
      const validated = await t.get(`/api/security/validate?token=${token}`);
      const made = validateAnswerSchema.parse(validated.body).user?.metadata.customer ?? '';
      expect(made).not.toBe('');
      expect((await customer(made)).lastLogin).toBe(Date.UTC(2026, 11, 3, 9, 45));
    });

    it('a sign-up signs the new customer in: its first log-in', async () => {
      t.clock.now = Date.UTC(2026, 11, 4, 11, 0);
      const answer = await signUp(t, uniqueEmail('new'));
      expect(answer.status).toBe(200);
      expect(await customer(customerOf(answer.body))).toMatchObject({
        lastLogin: Date.UTC(2026, 11, 4, 11, 0),
        preferences: { last_login_app: 'beta' },
      });
    });

    it('a rep’s sign-up of a customer is not the customer’s log-in', async () => {
      const hunter = await t.login('hunter@stemline.test');
      const answer = await signUp(
        t,
        uniqueEmail('hunted'),
        { hunter: 'u-hunter', created_by_hunter: true },
        hunter,
      );
      expect(answer.status).toBe(200);
      expect((await customer(customerOf(answer.body))).lastLogin).toBeNull();
    });

    it('a rep’s login-as session is not the customer’s log-in', async () => {
      t.clock.now = Date.UTC(2026, 11, 5, 7, 0);
      expect((await logIn(accounts.florist, 'mobile')).status).toBe(200);
      const before = await customer('c-bennett');
      t.clock.now = Date.UTC(2026, 11, 6, 16, 0);
      const hunter = await t.login('hunter@stemline.test');
      const loginAs = await run(t, 'login_as_customer', { customer: 'c-bennett' }, hunter);
      expect(loginAs.status).toBe(200);
      expect(await customer('c-bennett')).toEqual(before);
    });
  });
});
