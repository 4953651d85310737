import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicToken } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';
import { ANALYTICS_BATCHES_PER_VISITOR_ADDRESS } from '../rate-limit/rate-limit-rules';

/**
 * `POST /api/event` takes a visitor's public token: an attacker with one fills the database
 * with batches of 50 events as fast as it can send them. Each sender gets so many batches in a
 * window, then its batches are answered and not stored; a signed-in buyer (counted by user)
 * is not held up, and the window drains.
 */
describe('analytics events sent as a flood', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const batch = Array.from({ length: 50 }, (_, i) => ({
    props: { name: 'page_view', path: `/flood/${i}`, filler: 'x'.repeat(1_000) },
  }));
  const stored = async () =>
    Number(
      (await t.sql.one<{ n: number | string }>('SELECT COUNT(*) AS n FROM analytics_events'))?.n,
    );

  it('stops a visitor’s batches at the limit, and not a signed-in buyer’s', async () => {
    const visitor = await publicToken(t);
    const { limit } = ANALYTICS_BATCHES_PER_VISITOR_ADDRESS;
    for (let sent = 0; sent < limit; sent += 1) {
      expect((await t.post('/api/event/', batch, visitor)).status).toBe(200);
    }
    const before = await stored();
    // Answered, so the app neither shows an error nor sends it again, and not stored.
    const refused = await t.post('/api/event/', batch, visitor);
    expect(refused.body).toEqual({ success: true, stored: 0 });
    // Another public token from the same address is the same visitor.
    expect((await t.post('/api/event/', batch, await publicToken(t))).body).toEqual({
      success: true,
      stored: 0,
    });
    expect(await stored()).toBe(before);

    const buyer = await t.login(accounts.florist);
    expect((await t.post('/api/event/', batch, buyer)).body).toEqual({ success: true, stored: 50 });

    t.clock.advance(ANALYTICS_BATCHES_PER_VISITOR_ADDRESS.windowMs + 1);
    expect((await t.post('/api/event/', batch, visitor)).body).toEqual({
      success: true,
      stored: 50,
    });
  });
});
