import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkEmailAvailableAnswerSchema,
  loginAnswerSchema,
  messages,
  stemlineMessages,
  validateAnswerSchema,
} from '@stemline/shared';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from '../test-support/captcha';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';
import { signToken } from './tokens';

const base64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

/** Replaces the signature's first character by another valid base64url character. */
function flipSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const first = signature[0] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${first}${signature.slice(1)}`;
}

describe('authentication', () => {
  let t: TestServer;
  let token = '';
  const floristClaims = { sub: 'u-florist', customer: 'c-bennett', role: 'florist' } as const;

  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login(accounts.florist);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const login = async (email: string, password: string) => {
    const reCaptchaToken = await solveCaptcha(t.url);
    return t.get(
      `/api/security/login?${new URLSearchParams({ email, password, reCaptchaToken }).toString()}`,
    );
  };

  describe('GET /api/security/login', () => {
    it('answers success with a token and the user, in the shape of loginAnswerSchema', async () => {
      const answer = await login(accounts.florist, DEMO_PASSWORD);
      expect(answer.status).toBe(200);
      const body = loginAnswerSchema.parse(answer.body);
      expect(body).toMatchObject({ success: true, error: null });
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(body.user).toMatchObject({
        key: 'u-florist',
        email: accounts.florist,
        role: 'florist',
        token: body.token,
        metadata: {
          customer: 'c-bennett',
          customer_name: 'Bennett Blooms',
          guest: false,
          n_orders: 3,
        },
      });
      expect(JSON.stringify(body)).not.toMatch(/scrypt|password_hash/);
    });

    it('accepts the email in another case and with surrounding spaces', async () => {
      const answer = await login('  FLORIST@Stemline.TEST ', DEMO_PASSWORD);
      expect(answer.status).toBe(200);
      expect(loginAnswerSchema.parse(answer.body).user?.key).toBe('u-florist');
    });

    it('refuses a wrong password with 401 and the spec message', async () => {
      const answer = await login(accounts.florist, 'stemline-demo!');
      expect(answer.status).toBe(401);
      expect(loginAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        token: null,
        user: null,
        error: "Sorry, your password doesn't seem right.",
      });
    });

    it('answers an unknown email exactly as a wrong password, so it does not tell which emails exist', async () => {
      const [wrongPassword, unknownEmail] = await Promise.all([
        login(accounts.florist, 'not-the-password'),
        login('nobody@stemline.test', 'not-the-password'),
      ]);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it.each([
      ['an address without a domain', { email: 'florist', password: DEMO_PASSWORD }],
      [
        'an address with a space inside',
        { email: 'flo rist@stemline.test', password: DEMO_PASSWORD },
      ],
      ['no email at all', { password: DEMO_PASSWORD }],
      ['an SQL fragment', { email: "' OR 1=1 --", password: DEMO_PASSWORD }],
    ])('refuses %s with 400', async (_case, query) => {
      const answer = await t.get(`/api/security/login?${new URLSearchParams(query).toString()}`);
      expect(answer.status).toBe(400);
      expect(loginAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        token: null,
        user: null,
        error: messages.invalidEmail,
      });
    });

    it('treats an absurdly long address like any unknown one, without a server error', async () => {
      const answer = await login(`${'a'.repeat(5000)}@stemline.test`, 'x');
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({
        success: false,
        token: null,
        error: messages.wrongPassword,
      });
    });

    it('refuses an account that is no longer active with 403', async () => {
      await t.sql.run("UPDATE users SET active = 0 WHERE key = 'u-guest'");
      try {
        const answer = await login(accounts.guest, DEMO_PASSWORD);
        expect(answer.status).toBe(403);
        expect(loginAnswerSchema.parse(answer.body)).toMatchObject({
          success: false,
          token: null,
          error: stemlineMessages.inactiveUser,
        });
      } finally {
        await t.sql.run("UPDATE users SET active = 1 WHERE key = 'u-guest'");
      }
    });
  });

  describe('GET /api/security/validate', () => {
    const validate = (candidate: string) =>
      t.get(`/api/security/validate?${new URLSearchParams({ token: candidate }).toString()}`);

    it('answers the user of a good token', async () => {
      const answer = await validate(token);
      expect(answer.status).toBe(200);
      expect(validateAnswerSchema.parse(answer.body)).toMatchObject({
        success: true,
        message: null,
        user: { key: 'u-florist', token, metadata: { customer: 'c-bennett' } },
      });
    });

    const forged: [string, () => string][] = [
      ['a flipped character in the signature', () => flipSignature(token)],
      [
        'a token signed with another secret',
        () => signToken('another-secret-of-at-least-thirty-two-chars', floristClaims),
      ],
      [
        'an unsigned token (alg: none)',
        () => `${base64url({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`,
      ],
      [
        'claims changed to another customer under the old signature',
        () => {
          const [header, , signature] = token.split('.');
          const payload = base64url({
            ...floristClaims,
            customer: 'c-park',
            exp: Math.floor(Date.now() / 1000) + 3600,
          });
          return `${header}.${payload}.${signature}`;
        },
      ],
      [
        'the real secret with another algorithm (HS512)',
        () => jwt.sign(floristClaims, t.server.context.jwtSecret, { algorithm: 'HS512' }),
      ],
      [
        'an expired token signed with the real secret',
        () => signToken(t.server.context.jwtSecret, floristClaims, -10),
      ],
      [
        'a validly signed token without the role claim',
        () =>
          jwt.sign({ sub: 'u-florist', customer: 'c-bennett' }, t.server.context.jwtSecret, {
            algorithm: 'HS256',
          }),
      ],
      [
        'a validly signed token for a user that does not exist',
        () =>
          signToken(t.server.context.jwtSecret, {
            sub: 'u-nobody',
            customer: 'c-bennett',
            role: 'florist',
          }),
      ],
      ['a random string', () => 'not.a.token'],
    ];

    it.each(forged)('refuses %s with 401 and success: false', async (_case, makeToken) => {
      const answer = await validate(makeToken());
      expect(answer.status).toBe(401);
      expect(validateAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        user: null,
        message: stemlineMessages.unauthorized,
      });
    });

    it('refuses a missing token with 401', async () => {
      const answer = await t.get('/api/security/validate');
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, user: null });
    });

    it('refuses the token of an account that was deactivated after login, on every call', async () => {
      const guestToken = await t.login(accounts.guest);
      await t.sql.run("UPDATE users SET active = 0 WHERE key = 'u-guest'");
      try {
        expect((await validate(guestToken)).status).toBe(401);
        const cart = await t.post('/api/cs/run', { key: 'list_carts' }, guestToken);
        expect(cart.status).toBe(401);
        expect((await t.get('/api/sync/pull/cart_lines', guestToken)).status).toBe(401);
      } finally {
        await t.sql.run("UPDATE users SET active = 1 WHERE key = 'u-guest'");
      }
    });

    it('a hand-made HS256 signature with the real secret is accepted (the forgery cases fail for their flaw alone)', async () => {
      const header = base64url({ alg: 'HS256', typ: 'JWT' });
      const payload = base64url({ ...floristClaims, exp: Math.floor(Date.now() / 1000) + 60 });
      const signature = createHmac('sha256', t.server.context.jwtSecret)
        .update(`${header}.${payload}`)
        .digest('base64url');
      expect((await validate(`${header}.${payload}.${signature}`)).status).toBe(200);
    });
  });

  describe('protected routes', () => {
    const date = (): number => t.deliveryDates(1)[0] ?? 0;
    const routes = [
      ['GET /api/catalog/:date', () => `/api/catalog/${date()}`],
      ['GET /api/catalog/:date/head', () => `/api/catalog/${date()}/head`],
      ['GET /api/sync/pull/cart_lines', () => '/api/sync/pull/cart_lines'],
    ] as const;

    it.each(routes)('%s answers a good token', async (_route, makePath) => {
      expect((await t.get(makePath(), token)).status).toBe(200);
    });

    it.each(routes)('%s refuses a request without a token with 401', async (_route, makePath) => {
      const answer = await t.get(makePath());
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        error: stemlineMessages.unauthorized,
        code: 'unauthorized',
      });
    });

    it.each(routes)(
      '%s refuses a tampered, foreign, expired, claimless or ownerless token with 401',
      async (_route, makePath) => {
        const candidates = [
          flipSignature(token),
          signToken('another-secret-of-at-least-thirty-two-chars', floristClaims),
          `${base64url({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`,
          signToken(t.server.context.jwtSecret, floristClaims, -10),
          jwt.sign(floristClaims, t.server.context.jwtSecret, { algorithm: 'HS512' }),
          jwt.sign({ sub: 'u-florist' }, t.server.context.jwtSecret, { algorithm: 'HS256' }),
          signToken(t.server.context.jwtSecret, { ...floristClaims, sub: 'u-nobody' }),
        ];
        for (const candidate of candidates) {
          const answer = await t.get(makePath(), candidate);
          expect(answer.status, candidate).toBe(401);
          expect(answer.body).toMatchObject({ success: false, code: 'unauthorized' });
        }
      },
    );

    it('takes a token in the query string only on the event stream, never on other calls', async () => {
      const answer = await t.get(`/api/catalog/${date()}?access_token=${token}`);
      expect(answer.status).toBe(401);
    });

    it('refuses a validly signed token without a customer claim on customer data with 401', async () => {
      const claimless = jwt.sign({ sub: 'u-florist' }, t.server.context.jwtSecret, {
        algorithm: 'HS256',
      });
      const answer = await t.get('/api/sync/pull/cart_lines', claimless);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: 'unauthorized' });
    });

    it('refuses cart calls for a staff token that acts for no customer with 403', async () => {
      const growerToken = await t.login(accounts.grower);
      const answer = await t.post('/api/cs/run', { key: 'list_carts' }, growerToken);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: stemlineMessages.forbidden });
    });
  });

  describe('POST /api/customer/check_email_available', () => {
    it('answers an empty list for an email nobody uses', async () => {
      const answer = await t.post('/api/customer/check_email_available', {
        email: 'new-shop@example.com',
      });
      expect(answer.status).toBe(200);
      expect(checkEmailAvailableAnswerSchema.parse(answer.body)).toEqual({
        success: true,
        results: [],
      });
    });

    it.each([accounts.florist, 'Florist@STEMLINE.test', ' florist@stemline.test '])(
      'answers one entry for the registered email %j',
      async (email) => {
        const answer = await t.post('/api/customer/check_email_available', { email });
        expect(checkEmailAvailableAnswerSchema.parse(answer.body)).toEqual({
          success: true,
          results: [{ guest: false }],
        });
      },
    );

    it.each([{}, { email: 'not-an-email' }, { email: 42 }, { email: ['florist@stemline.test'] }])(
      'refuses the body %j with 400',
      async (body) => {
        const answer = await t.post('/api/customer/check_email_available', body);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
      },
    );
  });

  describe('stored passwords', () => {
    it('keeps only salted scrypt hashes in the users table, never the password', async () => {
      const rows = await t.sql.all<{ key: string; password_hash: string }>(
        'SELECT key, password_hash FROM users',
      );
      expect(rows.length).toBeGreaterThanOrEqual(6);
      for (const row of rows) {
        expect(row.password_hash, row.key).toMatch(/^scrypt\$/);
        expect(row.password_hash).not.toContain(DEMO_PASSWORD);
      }
      expect(new Set(rows.map((row) => row.password_hash)).size).toBe(rows.length);
    });
  });
});
