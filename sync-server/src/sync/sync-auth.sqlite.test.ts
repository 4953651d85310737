import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissPush } from '../test-support/push-bodies';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The sync endpoints are matched ahead of the other routes and the gate remembers verified token
 * signatures: a session must still end at once, and a forged token must still be refused.
 */
describe('sync endpoints and sessions', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  const dismiss = (token: string) => t.post('/api/sync/push', dismissPush(t.clock.now), token);

  it('refuses a token after logout although it was just accepted', async () => {
    const token = await t.login(accounts.florist);
    expect((await dismiss(token)).status).toBe(200);
    expect((await t.get('/api/sync/pull/cart_lines', token)).status).toBe(200);
    expect((await t.post('/api/security/logout', {}, token)).status).toBe(200);
    expect((await dismiss(token)).status).toBe(401);
    expect((await t.get('/api/sync/pull/cart_lines', token)).status).toBe(401);
  });

  it('refuses a token whose signature was altered after a good one was seen', async () => {
    const token = await t.login(accounts.florist);
    expect((await dismiss(token)).status).toBe(200);
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await dismiss(forged)).status).toBe(401);
    expect((await dismiss('')).status).toBe(401);
  });
});
