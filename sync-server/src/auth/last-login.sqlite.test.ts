import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, loginAnswerSchema, preferencesSchema } from '@stemline/shared';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from '../test-support/captcha';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** Spec §3 and §9: a log-in is kept on the customer, with the kind of window and the app mode. */
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
});
