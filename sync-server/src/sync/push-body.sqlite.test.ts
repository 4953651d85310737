import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stemlineMessages } from '@stemline/shared';
import {
  accounts,
  databaseStateOf,
  startTestServer,
  TEST_START_MS,
  type TestServer,
} from '../test-support/test-server';
import { dismissPush } from '../test-support/push-bodies';

/**
 * The push reads its own body (http/json-body.ts) instead of the general body parser: hostile
 * bodies must still be refused as invalid requests, changing nothing, a body over the limit as
 * too large (413, as every other route answers it), and a good one applies.
 */
describe('sync push body', { timeout: 30_000 }, () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login(accounts.florist);
  });
  afterAll(async () => {
    await t.stop();
  });

  const batch = () => JSON.stringify(dismissPush(TEST_START_MS));

  const hostile: [string, { rawBody: string; headers?: Record<string, string> }][] = [
    ['malformed JSON', { rawBody: '{"clientId": "device-1", "mutations": [' }],
    ['an empty body', { rawBody: '' }],
    ['JSON of the wrong shape', { rawBody: '[1, 2, 3]' }],
    ['a prototype key', { rawBody: '{"__proto__": {"admin": true}, "clientId": "d"}' }],
    ['a text body', { rawBody: batch(), headers: { 'Content-Type': 'text/plain' } }],
  ];

  it.each(hostile)('refuses %s as an invalid request and changes nothing', async (_, body) => {
    const before = await databaseStateOf(t.sql);
    const answer = await t.request('/api/sync/push', { method: 'POST', token, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
    expect(await databaseStateOf(t.sql)).toEqual(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a body over 1 MiB as too large and changes nothing', async () => {
    const before = await databaseStateOf(t.sql);
    const answer = await t.request('/api/sync/push', {
      method: 'POST',
      token,
      rawBody: `{"clientId": "${'x'.repeat(1024 * 1024)}"}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      success: false,
      error: stemlineMessages.requestTooLarge,
      code: 'payload_too_large',
    });
    expect(await databaseStateOf(t.sql)).toEqual(before);
  });

  it('applies a well-formed batch and records it', async () => {
    const before = (await databaseStateOf(t.sql)).mutations.length;
    const answer = await t.request<{ results: { status: string }[] }>('/api/sync/push', {
      method: 'POST',
      token,
      rawBody: batch(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results).toHaveLength(1);
    expect((await databaseStateOf(t.sql)).mutations).toHaveLength(before + 1);
  });
});
