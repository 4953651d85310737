import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  clientConfigAnswerSchema,
  loginAnswerSchema,
  stemlineMessages,
} from '@stemline/shared';
import { logInWith, publicToken, run, signUp, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { signPublicToken, signToken } from './tokens';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('log-in limits, public tokens, logout and roles', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('GET /api/security/login', () => {
    it('refuses without a captcha solution, even with the right password', async () => {
      const query = new URLSearchParams({
        email: 'florist@stemline.test',
        password: DEMO_PASSWORD,
      });
      const answer = await t.get(`/api/security/login?${query.toString()}`);
      expect(answer.status).toBe(400);
      expect(loginAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        token: null,
        user: null,
        error: accountMessages.captchaFailed,
      });
    });

    it('refuses a solution used once already', async () => {
      const reCaptchaToken = await solveCaptcha(t.url);
      const query = new URLSearchParams({
        email: 'florist@stemline.test',
        password: DEMO_PASSWORD,
        reCaptchaToken,
      }).toString();
      expect((await t.get(`/api/security/login?${query}`)).status).toBe(200);
      expect((await t.get(`/api/security/login?${query}`)).body).toMatchObject({
        error: accountMessages.captchaFailed,
      });
    });

    it('sends staff addresses on the company domain to the login-as feature', async () => {
      const answer = await logInWith(t, 'maya@stemline.com', 'whatever');
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: accountMessages.staffUseLoginAs });
      const sub = await logInWith(t, 'maya@Sales.Stemline.com', 'whatever');
      expect(sub.body).toMatchObject({ error: accountMessages.staffUseLoginAs });
    });

    it('after five failed log-ins a client waits before its next try, even with the right password', async () => {
      const email = uniqueEmail('limited');
      expect((await signUp(t, email)).status).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        expect((await logInWith(t, email, `wrong-${i}`)).status).toBe(401);
      }
      const blocked = await logInWith(t, email, 'tulips-in-spring');
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('1');
      expect(blocked.body).toMatchObject({
        success: false,
        token: null,
        error: accountMessages.tooManyAttempts(1_000),
      });
      t.clock.advance(1_000);
      expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
    });

    it('a successful log-in clears the client’s failures on that account', async () => {
      const email = uniqueEmail('cleared');
      expect((await signUp(t, email)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) await logInWith(t, email, 'wrong');
      expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
      for (let i = 0; i < 4; i += 1) await logInWith(t, email, 'wrong');
      expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
    });

    it('slows failed log-ins per client address, across accounts', async () => {
      // The test server trusts no proxy header, so every request comes from 127.0.0.1; the
      // per-address back-off (30 free failures an hour) counts them all.
      t.clock.advance(61 * 60_000);
      for (let i = 0; i < 30; i += 1) {
        const answer = await logInWith(t, uniqueEmail('spray'), 'wrong');
        expect(answer.status).toBe(401);
      }
      const blocked = await logInWith(t, 'florist@stemline.test', DEMO_PASSWORD);
      expect(blocked.status).toBe(429);
      t.clock.advance(1_000);
      expect((await logInWith(t, 'florist@stemline.test', DEMO_PASSWORD)).status).toBe(200);
    }, 60_000);

    it('answers a manager whether it is on a manager_admin allow list', async () => {
      const manager = loginAnswerSchema.parse(
        (await logInWith(t, 'manager@stemline.test', DEMO_PASSWORD)).body,
      );
      expect(manager.user?.metadata).toMatchObject({ manager_admin: true, hunter: false });
      const hunter = loginAnswerSchema.parse(
        (await logInWith(t, 'hunter@stemline.test', DEMO_PASSWORD)).body,
      );
      expect(hunter.user?.metadata).toMatchObject({ manager_admin: false, hunter: true });
      const grower = loginAnswerSchema.parse(
        (await logInWith(t, 'grower@stemline.test', DEMO_PASSWORD)).body,
      );
      expect(grower.user).toMatchObject({ role: 'grower', metadata: { admin_redirect: true } });
    });
  });

  describe('public tokens', () => {
    it('reach no customer data, no staff data and no user', async () => {
      const visitor = await publicToken(t);
      expect((await run(t, 'list_carts', {}, visitor)).status).toBe(403);
      expect((await t.get('/api/sync/pull/cart_lines', visitor)).status).toBe(403);
      expect((await run(t, 'get_email_guest_list', {}, visitor)).status).toBe(403);
      expect(
        (await t.post('/api/load_all_by_model', { model: 'fake_email_domains' }, visitor)).status,
      ).toBe(403);
      expect((await t.get(`/api/security/validate?token=${visitor}`)).status).toBe(401);
      expect(
        (
          await t.post(
            '/api/security/change_password',
            { current_password: 'x', password: 'y' },
            visitor,
          )
        ).status,
      ).toBe(403);
    });

    it('read public models (the contact-owner list and states)', async () => {
      const visitor = await publicToken(t);
      const answer = await t.post(
        '/api/load_all_by_model',
        { model: 'manager', fetch_models: ['state'] },
        visitor,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true });
      const managers = answer.body.results as { _KEY: string; hunter: boolean }[];
      expect(managers).toContainEqual({
        _KEY: 'u-hunter',
        first_name: 'Hank',
        last_name: 'Reyes',
        hunter: true,
      });
      expect(JSON.stringify(managers)).not.toContain('@');
      const states = (answer.body.fetched_results as Record<string, unknown[]>).state;
      expect(states).toContainEqual({ _KEY: 'NJ', abbreviation: 'NJ', name: 'New Jersey' });
    });

    it.each([
      [
        'a public claim with a user subject',
        { sub: 'u-florist', customer: null, role: 'florist', scope: 'public' },
      ],
      [
        'a public claim with a customer',
        { sub: 'public', customer: 'c-bennett', role: 'florist', scope: 'public' },
      ],
    ])('refuses %s even when well signed', async (_case, claims) => {
      const token = jwt.sign(claims, t.server.context.jwtSecret, {
        algorithm: 'HS256',
        expiresIn: 60,
      });
      expect((await run(t, 'list_carts', {}, token)).status).toBe(401);
    });

    it('refuses an expired or foreign public token', async () => {
      const expired = signToken(
        t.server.context.jwtSecret,
        { sub: 'public', customer: null, role: 'florist', scope: 'public' },
        -10,
      );
      expect((await t.post('/api/load_all_by_model', { model: 'state' }, expired)).status).toBe(
        401,
      );
      const foreign = signPublicToken('another-secret-of-at-least-thirty-two-chars');
      expect((await t.post('/api/load_all_by_model', { model: 'state' }, foreign)).status).toBe(
        401,
      );
    });
  });

  describe('POST /api/security/logout', () => {
    it('revokes the session token on every call, and leaves other sessions alone', async () => {
      const first = await t.login('newbuyer@stemline.test');
      const second = await t.login('newbuyer@stemline.test');
      const answer = await t.post('/api/security/logout', {}, first);
      expect(answer.body).toEqual({ success: true });
      expect((await run(t, 'list_carts', {}, first)).status).toBe(401);
      expect((await t.get(`/api/security/validate?token=${first}`)).status).toBe(401);
      expect((await run(t, 'list_carts', {}, second)).status).toBe(200);
    });

    it('answers success for a missing or broken token', async () => {
      expect((await t.post('/api/security/logout', {})).body).toEqual({ success: true });
      expect((await t.post('/api/security/logout', {}, 'not.a.token')).body).toEqual({
        success: true,
      });
    });
  });

  it('GET /api/security/client_config answers where role redirects go', async () => {
    const answer = clientConfigAnswerSchema.parse(
      (await t.get('/api/security/client_config')).body,
    );
    expect(answer).toEqual({
      success: true,
      admin_app_url: '/admin/',
      grower_price_comparison_url: '/admin/grower/price-comparison',
      dev_mailbox: true,
    });
    const page = await t.get<string>('/admin/');
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('external admin application');
    // Styled from a file of its own: the Content-Security-Policy refuses inline styles.
    expect(page.body).not.toMatch(/<style|style=/);
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const css = await t.get<string>(href);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self'/);
  });

  describe('email availability', () => {
    it.each([
      ['', { success: false, message: accountMessages.enterEmailAddress }],
      [
        'a b@c.co',
        { success: false, message: 'Please take out the space from your email and try again.' },
      ],
      ['nope', { success: false, message: 'Please fill a valid email address.' }],
      ['x@mailinator.com', { success: false, message: "Sorry, your email doesn't seem right." }],
      ['x@stemline.com', { success: false, staff: true, message: accountMessages.staffUseLoginAs }],
      [
        'florist@stemline.test',
        { success: true, registered: true, guest: false, passwordless: false },
      ],
      [
        'guest@stemline.test',
        { success: true, registered: true, guest: true, passwordless: false },
      ],
      [
        'new-person@bloom-shop.co',
        { success: true, available: true, registered: false, message: null },
      ],
    ])('verify_email_available %j', async (user_email, expected) => {
      const answer = await t.post('/api/customer/verify_email_available', { user_email });
      expect(answer.body).toMatchObject(expected);
    });

    it('GET /user/v1/email/available answers available only for unused, acceptable emails', async () => {
      const free = await t.get(
        '/user/v1/email/available?domain=stemline&email=new-person@bloom-shop.co',
      );
      expect(free.body).toEqual({ success: true, available: true, domain: 'stemline' });
      const taken = await t.get('/user/v1/email/available?email=florist@stemline.test');
      expect(taken.body).toMatchObject({ available: false });
      expect((await t.get('/user/v1/email/available?email=bad')).status).toBe(400);
    });
  });

  it('answers an inactive user the server error message to toast', async () => {
    await t.sql.run("UPDATE users SET active = 0 WHERE key = 'u-newbuyer'");
    try {
      const answer = await logInWith(t, 'newbuyer@stemline.test', DEMO_PASSWORD);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: stemlineMessages.inactiveUser });
    } finally {
      await t.sql.run("UPDATE users SET active = 1 WHERE key = 'u-newbuyer'");
    }
  });

  it('run login and validate answer as their GET calls do', async () => {
    const visitor = await publicToken(t);
    const login = await run(
      t,
      'login',
      {
        email: 'florist@stemline.test',
        password: DEMO_PASSWORD,
        reCaptchaToken: await solveCaptcha(t.url),
      },
      visitor,
    );
    expect(login.status).toBe(200);
    const token = loginAnswerSchema.parse(login.body).token ?? '';
    const validate = await run(t, 'validate', { token }, visitor);
    expect(validate.body).toMatchObject({ success: true, user: { key: 'u-florist' } });
    const other = await run(t, 'validate', { token, user_key: 'u-guest' }, visitor);
    expect(other.status).toBe(401);
    const wrong = await run(
      t,
      'login',
      { email: 'florist@stemline.test', password: 'x', reCaptchaToken: await solveCaptcha(t.url) },
      visitor,
    );
    expect(wrong.status).toBe(401);
  });
});
