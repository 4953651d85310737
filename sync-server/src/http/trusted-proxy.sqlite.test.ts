import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Per-client limits behind a load balancer (TRUSTED_PROXY_HOPS), tried as a client would evade them. */
describe('the client address behind our own proxies', { timeout: 60_000 }, () => {
  const LIMIT = 3;
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });
  const start = async (hops: string | undefined) => {
    t = await startTestServer({
      env: { EMAIL_LOOKUPS_PER_CLIENT: String(LIMIT), TRUSTED_PROXY_HOPS: hops },
    });
    return t.url;
  };
  /** One email look-up (throttled per client address) carrying `forwardedFor`, its status. */
  const lookUp = async (base: string, forwardedFor?: string) =>
    (
      await fetch(`${base}/user/v1/email/available?email=someone@bloom-shop.co`, {
        headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
      })
    ).status;

  it('without declared proxies, a forwarded-for header a client writes changes nothing', async () => {
    const base = await start(undefined);
    for (let i = 0; i < LIMIT; i += 1) expect(await lookUp(base, `198.51.100.${i}`)).toBe(200);
    expect(await lookUp(base, '198.51.100.77')).toBe(429);
    expect(await lookUp(base)).toBe(429);
  });

  it('behind one proxy, each client the proxy saw has its own limit', async () => {
    const base = await start('1');
    for (let i = 0; i < LIMIT; i += 1) expect(await lookUp(base, '203.0.113.5')).toBe(200);
    expect(await lookUp(base, '203.0.113.5')).toBe(429);
    // Another florist behind the same load balancer is not refused for the first one's look-ups.
    expect(await lookUp(base, '203.0.113.6')).toBe(200);
  });

  it('behind one proxy, an address the client put in front of the chain is not believed', async () => {
    const base = await start('1');
    for (let i = 0; i < LIMIT; i += 1) expect(await lookUp(base, '203.0.113.5')).toBe(200);
    // The proxy appends the address it saw; the client's own entries come before it.
    expect(await lookUp(base, '192.0.2.1, 203.0.113.5')).toBe(429);
    expect(await lookUp(base, '192.0.2.2, 192.0.2.3, 203.0.113.5')).toBe(429);
  });

  it('refuses a hop count that is not a small whole number, by name', async () => {
    await expect(start('-1')).rejects.toThrow(/TRUSTED_PROXY_HOPS/);
    await expect(start('lots')).rejects.toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
