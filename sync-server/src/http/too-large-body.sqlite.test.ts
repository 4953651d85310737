import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stemlineMessages } from '@stemline/shared';
import {
  accounts,
  databaseStateOf,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';
import { inChunks } from '../test-support/push-bodies';
import { MAX_JSON_BODY_BYTES } from './json-body';

/**
 * A JSON body over MAX_JSON_BODY_BYTES gets one answer on every route, whoever refused it: the
 * sync push's own reader (json-body.ts) or Koa's body parser for the rest (error-answer.ts).
 */
describe('a request body over the limit', { timeout: 30_000 }, () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login(accounts.florist);
  });
  afterAll(async () => {
    await t.stop();
  });

  const padded = (bytes: number) => JSON.stringify({ email: 'a@b.test', pad: 'x'.repeat(bytes) });

  async function post(path: string, body: string, options: { auth: boolean; chunked: boolean }) {
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(options.auth ? { Authorization: `Bearer ${token}` } : {}),
      },
      ...(options.chunked ? { body: inChunks(body), duplex: 'half' } : { body }),
    });
    return {
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.json(),
    };
  }

  const routes: [string, string, boolean][] = [
    ['a public call', '/api/customer/check_email_available', false],
    ['a signed-in call', '/api/cs/run', true],
    ['the sync push', '/api/sync/push', true],
  ];
  const sizes: [string, number, boolean][] = [
    ['announced by Content-Length', MAX_JSON_BODY_BYTES, false],
    ['sent in chunks', MAX_JSON_BODY_BYTES, true],
    ['of 8 MiB', 8 * MAX_JSON_BODY_BYTES, false],
  ];
  const cases = routes.flatMap(([route, path, auth]) =>
    sizes.map(
      ([size, bytes, chunked]) => [`${route}, ${size}`, path, auth, bytes, chunked] as const,
    ),
  );

  it.each(cases)(
    '%s → 413 with the same answer, closing the connection, changing nothing',
    async (_, path, auth, bytes, chunked) => {
      const before = await databaseStateOf(t.sql);
      const answer = await post(path, padded(bytes), { auth, chunked });
      expect(answer).toEqual({
        status: 413,
        connection: 'close',
        body: {
          success: false,
          error: stemlineMessages.requestTooLarge,
          code: 'payload_too_large',
        },
      });
      expect(await databaseStateOf(t.sql)).toEqual(before);
    },
  );

  it('still serves a body just under the limit, on a connection it keeps', async () => {
    const email = 'nobody@stemline.test';
    const body = JSON.stringify({ email, pad: '' });
    const fits = `${body.slice(0, -1)}${' '.repeat(MAX_JSON_BODY_BYTES - body.length)}}`;
    expect(Buffer.byteLength(fits)).toBe(MAX_JSON_BODY_BYTES);
    const answer = await post('/api/customer/check_email_available', fits, {
      auth: false,
      chunked: false,
    });
    expect(answer).toMatchObject({
      status: 200,
      connection: 'keep-alive',
      body: { success: true, results: [] },
    });
  });
});
