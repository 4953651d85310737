import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PUSH_BATCH,
  mutationArgsSchemas,
  pushRequestSchema,
  stemlineMessages,
} from '@stemline/shared';
import { signPublicToken, signToken } from '../auth/tokens';
import {
  accounts,
  databaseState,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';
import { dismissPush, inChunks } from '../test-support/push-bodies';
import { isPushRequest } from './push-fast-path';

interface RawRequest {
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sends the body as a stream: chunked, with no Content-Length to refuse it by. */
  chunked?: boolean;
}

/**
 * `POST /api/sync/push` is served before Koa (push-fast-path.ts). The same requests sent to the
 * fast path and to Koa alone (the app's own push route, gate and error middleware) must get the
 * same status, body and content type, and the same changes: hostile requests none at all.
 */
describe('sync push fast path', { timeout: 60_000 }, () => {
  let t: TestServer;
  let koaOnly: Server;
  let koaUrl: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    const koaHandler = t.server.koa.callback();
    koaOnly = createServer((req, res) => void koaHandler(req, res));
    await new Promise<void>((resolve) => koaOnly.listen(0, '127.0.0.1', resolve));
    koaUrl = `http://127.0.0.1:${(koaOnly.address() as AddressInfo).port}`;
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
    await new Promise((resolve) => koaOnly.close(resolve));
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

  async function send(baseUrl: string, request: RawRequest) {
    const response = await fetch(`${baseUrl}${request.path ?? '/api/sync/push'}`, {
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
      body: await response.json(),
    };
  }

  const hostile: [string, number, () => RawRequest][] = [
    ['no Authorization header', 401, () => ({ headers: json, body: batch() })],
    [
      'a Basic Authorization header',
      401,
      () => ({ headers: { ...json, Authorization: 'Basic eDp5' }, body: batch() }),
    ],
    [
      'a Bearer scheme without a token',
      401,
      () => ({ headers: { ...json, Authorization: 'Bearer ' }, body: batch() }),
    ],
    [
      'a token with two parts',
      401,
      () => ({ headers: { ...json, Authorization: `Bearer ${tokens.florist} x` }, body: batch() }),
    ],
    [
      'a token signed with another secret',
      401,
      () => ({ headers: bearer('foreign'), body: batch() }),
    ],
    ['an expired token', 401, () => ({ headers: bearer('expired'), body: batch() })],
    ['a token revoked by logout', 401, () => ({ headers: bearer('loggedOut'), body: batch() })],
    [
      'a garbage token',
      401,
      () => ({ headers: { ...json, Authorization: 'Bearer a.b.c' }, body: batch() }),
    ],
    ['a visitor public token', 403, () => ({ headers: bearer('public'), body: batch() })],
    [
      'a staff token without a customer',
      403,
      () => ({ headers: bearer('manager'), body: batch() }),
    ],
    [
      'a text body',
      400,
      () => ({ headers: { ...bearer('florist'), 'Content-Type': 'text/plain' }, body: batch() }),
    ],
    [
      'a JSON suffix type',
      400,
      () => ({
        headers: { ...bearer('florist'), 'Content-Type': 'application/vnd.api+json' },
        body: batch(),
      }),
    ],
    ['no body at all', 400, () => ({ headers: bearer('florist') })],
    [
      'malformed JSON',
      400,
      () => ({ headers: bearer('florist'), body: '{"clientId": "d", "mutations": [' }),
    ],
    ['JSON of the wrong shape', 400, () => ({ headers: bearer('florist'), body: '[1, 2, 3]' })],
    [
      'an empty batch',
      400,
      () => ({ headers: bearer('florist'), body: '{"clientId": "d", "mutations": []}' }),
    ],
    [
      'a prototype key',
      400,
      () => ({
        headers: bearer('florist'),
        body: '{"__proto__": {"admin": true}, "clientId": "d"}',
      }),
    ],
    ['a body over 1 MiB', 413, () => ({ headers: bearer('florist'), body: oversized() })],
    [
      'a chunked body over 1 MiB',
      413,
      () => ({ headers: bearer('florist'), body: oversized(), chunked: true }),
    ],
    [
      'a full batch of valid mutations over 1 MiB',
      413,
      () => ({ headers: bearer('florist'), body: largestDismissBatch() }),
    ],
  ];

  it.each(hostile)('answers %s as Koa does (%i) and changes nothing', async (_, status, make) => {
    const before = databaseState(t.db);
    const request = make();
    const fast = await send(t.url, request);
    const koa = await send(koaUrl, request);
    expect(fast.status).toBe(status);
    expect(fast).toEqual(koa);
    expect(fast.hasServerTime).toBe(true);
    expect(fast.body).toMatchObject({ success: false });
    // The rest of a refused body is never read: the answer closes the connection.
    expect(fast.connection).toBe(status === 413 ? 'close' : 'keep-alive');
    if (status === 413) {
      expect(fast.body).toEqual({
        success: false,
        error: stemlineMessages.requestTooLarge,
        code: 'payload_too_large',
      });
    }
    expect(databaseState(t.db)).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  const accepted: [string, () => RawRequest][] = [
    ['a plain push', () => ({ headers: bearer('florist'), body: batch() })],
    [
      'a query string',
      () => ({ path: '/api/sync/push?from=test', headers: bearer('florist'), body: batch() }),
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

  it.each(accepted)('applies %s and answers the replay through Koa alike', async (_, make) => {
    const request = make();
    const fast = await send(t.url, request);
    expect(fast.status).toBe(200);
    expect(fast.contentType).toBe('application/json; charset=utf-8');
    // The same batch again, through Koa: an idempotent replay answers the recorded results.
    expect(await send(koaUrl, request)).toEqual(fast);
  });

  it('applies a push sent with a trailing slash (served by Koa) as the exact path does', async () => {
    const request = { headers: bearer('florist'), body: batch({ clientId: 'device-slash' }) };
    const koa = await send(t.url, { ...request, path: '/api/sync/push/' });
    expect(koa.status).toBe(200);
    expect(koa.body).toMatchObject({ results: [{ status: 'applied' }] });
    // The replay through the fast path answers the results Koa recorded.
    expect(await send(t.url, request)).toEqual(koa);
  });

  it('counts a batch of valid mutations over 1 MiB as too large, not as malformed', () => {
    const text = largestDismissBatch();
    const batch = pushRequestSchema.parse(JSON.parse(text));
    for (const mutation of batch.mutations) {
      expect(mutationArgsSchemas[mutation.name].safeParse(mutation.args).success).toBe(true);
    }
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024);
  });

  it('serves exactly POST /api/sync/push, with or without a query string', () => {
    const request = (method: string, url: string) =>
      ({ method, url }) as Parameters<typeof isPushRequest>[0];
    expect(isPushRequest(request('POST', '/api/sync/push'))).toBe(true);
    expect(isPushRequest(request('POST', '/api/sync/push?x=1'))).toBe(true);
    expect(isPushRequest(request('GET', '/api/sync/push'))).toBe(false);
    expect(isPushRequest(request('POST', '/api/sync/push/'))).toBe(false);
    expect(isPushRequest(request('POST', '/api/sync/pushx'))).toBe(false);
    expect(isPushRequest(request('POST', '/api/sync/pull/cart_lines'))).toBe(false);
  });
});
