import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The end-to-end tests' clock (STEMLINE_TEST_CLOCK=1) moves time for every buyer: their holds
 * and sessions end. Only the operator's own request on this machine reaches it; one a reverse
 * proxy passed on, or any behind a proxy the operator declared, hears of no such call.
 */
describe('the test clock', { timeout: 30_000 }, () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({ env: { STEMLINE_TEST_CLOCK: '1' } });
    proxied = await startTestServer({
      env: { STEMLINE_TEST_CLOCK: '1', TRUSTED_PROXY_HOPS: '1' },
    });
  }, 30_000);
  afterAll(async () => {
    await direct.stop();
    await proxied.stop();
  });

  const advance = (t: TestServer, headers: Record<string, string> = {}) =>
    t.request('/api/test/clock', { json: { advanceMs: 60_000 }, headers });

  it('moves for the operator on this machine', async () => {
    expect((await advance(direct)).status).toBe(200);
  });

  it('answers 404 to a request a proxy passed on', async () => {
    for (const headers of [
      { 'X-Forwarded-For': '203.0.113.9' },
      { Forwarded: 'for=203.0.113.9' },
      { 'X-Real-IP': '203.0.113.9' },
      { Via: '1.1 edge-proxy' },
    ]) {
      const answer = await advance(direct, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(404);
      expect(answer.body).toMatchObject({ success: false });
    }
    expect((await advance(proxied)).status).toBe(404);
  });
});
