import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guestMessages,
  guestSignInAnswerSchema,
  MAX_PUSH_BATCH,
  mutationArgsSchemas,
  pushAnswerSchema,
  pushRequestSchema,
  stemlineMessages,
} from '@stemline/shared';
import { signPublicToken, signToken } from '../auth/tokens';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { dismissPush, inChunks } from '../test-support/push-bodies';
import {
  accounts,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

interface RawRequest {
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sends the body as a stream: chunked, with no Content-Length to refuse it by. */
  chunked?: boolean;
}

/**
 * The sync push is served by the app like every other call: the same middleware (security
 * headers, error answers, server clock), the same token gate and the same email-only rule. Tried
 * as an attacker would: each hostile request gets its refusal and changes nothing.
 */
describe('the sync push through the app', { timeout: 60_000 }, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    const secret = t.server.context.jwtSecret;
    tokens.florist = await t.login(accounts.florist);
    tokens.manager = await t.login(accounts.manager);
    tokens.loggedOut = await t.login(accounts.newbuyer);
    await t.post('/api/security/logout', {}, tokens.loggedOut);
    tokens.public = signPublicToken(secret);
    tokens.expired = signToken(secret, { sub: 'x', customer: 'y', role: 'florist' }, -60);
    tokens.foreign = signToken('another-secret', { sub: 'x', customer: 'y', role: 'florist' });
  });
  afterAll(async () => {
    await t.stop();
  });

  const json = { 'Content-Type': 'application/json' };
  const bearer = (name: string) => ({ ...json, Authorization: `Bearer ${tokens[name] ?? ''}` });
  const batch = (options?: Parameters<typeof dismissPush>[1]) =>
    JSON.stringify(dismissPush(t.clock.now, options));

  const oversized = () => `{"clientId": "${'x'.repeat(1024 * 1024)}"}`;
  /** MAX_PUSH_BATCH dismissals of 100 notice keys of 128 characters: each valid, 1.3 MB in all. */
  const largestDismissBatch = () =>
    JSON.stringify({
      clientId: 'device-1',
      mutations: Array.from({ length: MAX_PUSH_BATCH }, () => ({
        id: `m-${randomUUID()}`,
        clientId: 'device-1',
        name: 'dismiss_notices',
        args: { keys: Array.from({ length: 100 }, () => 'k'.repeat(128)) },
        createdAt: t.clock.now,
      })),
    });

  async function send(request: RawRequest) {
    const response = await fetch(`${t.url}${request.path ?? '/api/sync/push'}`, {
      method: 'POST',
      headers: request.headers ?? {},
      ...(request.body === undefined
        ? {}
        : request.chunked
          ? { body: inChunks(request.body), duplex: 'half' }
          : { body: request.body }),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      connection: response.headers.get('connection'),
      hasServerTime: /^\d+$/.test(response.headers.get('x-server-time') ?? ''),
      // Set by the app's first middleware: present only if the push went through it.
      securityHeaders: {
        csp: response.headers.get('content-security-policy')?.startsWith("default-src 'self'"),
        nosniff: response.headers.get('x-content-type-options'),
      },
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  const unauthorized = { code: 'unauthorized', error: stemlineMessages.unauthorized };
  const forbidden = { code: 'forbidden', error: stemlineMessages.forbidden };
  const invalid = { code: 'invalid_request', error: stemlineMessages.invalidRequest };
  const tooLarge = { code: 'payload_too_large', error: stemlineMessages.requestTooLarge };

  const hostile: [string, number, object, () => RawRequest][] = [
    ['no Authorization header', 401, unauthorized, () => ({ headers: json, body: batch() })],
    [
      'a Basic Authorization header',
      401,
      unauthorized,
      () => ({ headers: { ...json, Authorization: 'Basic eDp5' }, body: batch() }),
    ],
    [
      'a Bearer scheme without a token',
      401,
      unauthorized,
      () => ({ headers: { ...json, Authorization: 'Bearer ' }, body: batch() }),
    ],
    [
      'a token with two parts',
      401,
      unauthorized,
      () => ({ headers: { ...json, Authorization: `Bearer ${tokens.florist} x` }, body: batch() }),
    ],
    [
      'a token signed with another secret',
      401,
      unauthorized,
      () => ({ headers: bearer('foreign'), body: batch() }),
    ],
    ['an expired token', 401, unauthorized, () => ({ headers: bearer('expired'), body: batch() })],
    [
      'a token revoked by logout',
      401,
      unauthorized,
      () => ({ headers: bearer('loggedOut'), body: batch() }),
    ],
    [
      'a garbage token',
      401,
      unauthorized,
      () => ({ headers: { ...json, Authorization: 'Bearer a.b.c' }, body: batch() }),
    ],
    [
      'a visitor public token',
      403,
      forbidden,
      () => ({ headers: bearer('public'), body: batch() }),
    ],
    [
      'a staff token without a customer',
      403,
      forbidden,
      () => ({ headers: bearer('manager'), body: batch() }),
    ],
    [
      'a text body',
      400,
      invalid,
      () => ({ headers: { ...bearer('florist'), 'Content-Type': 'text/plain' }, body: batch() }),
    ],
    [
      'a JSON suffix type',
      400,
      invalid,
      () => ({
        headers: { ...bearer('florist'), 'Content-Type': 'application/vnd.api+json' },
        body: batch(),
      }),
    ],
    ['no body at all', 400, invalid, () => ({ headers: bearer('florist') })],
    [
      'malformed JSON',
      400,
      invalid,
      () => ({ headers: bearer('florist'), body: '{"clientId": "d", "mutations": [' }),
    ],
    [
      'JSON of the wrong shape',
      400,
      invalid,
      () => ({ headers: bearer('florist'), body: '[1, 2, 3]' }),
    ],
    [
      'an empty batch',
      400,
      invalid,
      () => ({ headers: bearer('florist'), body: '{"clientId": "d", "mutations": []}' }),
    ],
    [
      'a prototype key',
      400,
      invalid,
      () => ({
        headers: bearer('florist'),
        body: '{"__proto__": {"admin": true}, "clientId": "d"}',
      }),
    ],
    ['a body over 1 MiB', 413, tooLarge, () => ({ headers: bearer('florist'), body: oversized() })],
    [
      'a chunked body over 1 MiB',
      413,
      tooLarge,
      () => ({ headers: bearer('florist'), body: oversized(), chunked: true }),
    ],
    [
      'a full batch of valid mutations over 1 MiB',
      413,
      tooLarge,
      () => ({ headers: bearer('florist'), body: largestDismissBatch() }),
    ],
    [
      'an oversize body with a bad token',
      401,
      unauthorized,
      () => ({ headers: bearer('expired'), body: oversized() }),
    ],
  ];

  it.each(hostile)('refuses %s (%i) and changes nothing', async (_, status, error, make) => {
    const before = await databaseStateOf(t.sql);
    const answer = await send(make());
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, ...error });
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.hasServerTime).toBe(true);
    expect(answer.securityHeaders).toEqual({ csp: true, nosniff: 'nosniff' });
    // The rest of a refused body is never read: the answer closes the connection.
    expect(answer.connection).toBe(status === 413 ? 'close' : 'keep-alive');
    expect(await databaseStateOf(t.sql)).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  const accepted: [string, () => RawRequest][] = [
    ['a plain push', () => ({ headers: bearer('florist'), body: batch() })],
    [
      'a query string',
      () => ({ path: '/api/sync/push?from=test', headers: bearer('florist'), body: batch() }),
    ],
    [
      'a trailing slash',
      () => ({ path: '/api/sync/push/', headers: bearer('florist'), body: batch() }),
    ],
    [
      'a JSON type in another case, with a charset',
      () => ({
        headers: { ...bearer('florist'), 'Content-Type': ' Application/JSON ; charset=utf-8' },
        body: batch(),
      }),
    ],
    [
      'a lower-case bearer scheme',
      () => ({
        headers: { ...json, Authorization: `bearer ${tokens.florist ?? ''}` },
        body: batch(),
      }),
    ],
    [
      'mutation args the rule refuses',
      () => ({ headers: bearer('florist'), body: batch({ args: { keys: 'not-a-list' } }) }),
    ],
  ];

  it.each(accepted)(
    'answers %s, and its replay alike without running it twice',
    async (_, make) => {
      const request = make();
      const before = (await databaseStateOf(t.sql)).mutations.length;
      const first = await send(request);
      expect(first.status).toBe(200);
      expect(first.contentType).toBe('application/json; charset=utf-8');
      expect(first.securityHeaders).toEqual({ csp: true, nosniff: 'nosniff' });
      expect(pushAnswerSchema.parse(first.body).results).toHaveLength(1);
      expect((await databaseStateOf(t.sql)).mutations).toHaveLength(before + 1);
      // The same batch again: an idempotent replay answers the recorded results, records nothing.
      expect((await send(request)).body).toEqual(first.body);
      expect((await databaseStateOf(t.sql)).mutations).toHaveLength(before + 1);
    },
  );

  it("runs none of an email-only guest's mutations outside a new cart", async () => {
    const visitor = await publicToken(t);
    const signedIn = await run(
      t,
      'guest_sign_in',
      { email: uniqueEmail('guest'), reCaptchaToken: await solveCaptcha(t.url) },
      visitor,
    );
    expect(signedIn.status).toBe(200);
    const guest = guestSignInAnswerSchema.parse(signedIn.body);
    expect(guest.user?.metadata.mailbox_verified).toBe(false);
    const variety =
      (await t.sql.one<{ key: string }>('SELECT key FROM varieties ORDER BY key LIMIT 1'))?.key ??
      '';
    const favourites = () => t.sql.all('SELECT * FROM favorites ORDER BY customer_key, key');
    const before = { ...(await databaseStateOf(t.sql)), favourites: await favourites() };
    const mutations = [
      ['add_favorite', { variety_key: variety }],
      ['dismiss_notices', { keys: ['no-such-notice'] }],
    ].map(([name, args]) => ({
      id: `m-${randomUUID()}`,
      clientId: 'guest-device',
      name,
      args,
      createdAt: t.clock.now,
    }));
    const answer = await send({
      headers: { ...json, Authorization: `Bearer ${guest.token ?? ''}` },
      body: JSON.stringify({ clientId: 'guest-device', mutations }),
    });
    expect(answer.status).toBe(200);
    expect(pushAnswerSchema.parse(answer.body).results).toEqual(
      mutations.map((mutation): unknown =>
        expect.objectContaining({
          id: mutation.id,
          status: 'rejected',
          code: 'email_unverified',
          message: guestMessages.confirmEmailFirst,
        }),
      ),
    );
    expect({ ...(await databaseStateOf(t.sql)), favourites: await favourites() }).toEqual(before);
  });

  it('answers another method on the push path as no call, behind the token gate', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const path of ['/api/sync/push', '/api/sync/push/']) {
        const signedIn = await fetch(`${t.url}${path}`, { method, headers: bearer('florist') });
        expect(signedIn.status, `${method} ${path}`).toBe(404);
        expect(await signedIn.json()).toMatchObject({ success: false, code: 'not_found' });
        const anonymous = await fetch(`${t.url}${path}`, { method });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('counts a batch of valid mutations over 1 MiB as too large, not as malformed', () => {
    const text = largestDismissBatch();
    const batch = pushRequestSchema.parse(JSON.parse(text));
    for (const mutation of batch.mutations) {
      expect(mutationArgsSchemas[mutation.name].safeParse(mutation.args).success).toBe(true);
    }
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
  });
});
