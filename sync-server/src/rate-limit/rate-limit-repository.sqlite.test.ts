import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database';
import type { BackoffRule } from './backoff';
import { sqliteEngine } from '../db/sqlite-engine';
import { createRateLimiter } from './rate-limit-repository';
import type { RateLimitRule } from './rate-limit-rules';

const rule: RateLimitRule = { scope: 'test', limit: 3, windowMs: 60_000 };

describe('createRateLimiter', () => {
  let db: Db;
  let clock = 1_000_000;
  beforeEach(() => {
    db = openDatabase(':memory:');
    clock = 1_000_000;
  });
  afterEach(() => db.close());

  it('limits a subject once it has `limit` events inside the window, and only that subject', async () => {
    const limiter = createRateLimiter(sqliteEngine(db), () => clock);
    for (let i = 0; i < 2; i += 1) await limiter.record(rule, 'a@x.co');
    expect(await limiter.isLimited(rule, 'a@x.co')).toBe(false);
    await limiter.record(rule, 'a@x.co');
    expect(await limiter.isLimited(rule, 'a@x.co')).toBe(true);
    expect(await limiter.isLimited(rule, 'b@x.co')).toBe(false);
    expect(await limiter.isLimited({ ...rule, scope: 'other' }, 'a@x.co')).toBe(false);
  });

  it('slides: events leave the window one by one as the clock moves', async () => {
    const limiter = createRateLimiter(sqliteEngine(db), () => clock);
    await limiter.record(rule, 's');
    clock += 30_000;
    await limiter.record(rule, 's');
    await limiter.record(rule, 's');
    expect(await limiter.isLimited(rule, 's')).toBe(true);
    clock += 30_001;
    expect(await limiter.isLimited(rule, 's')).toBe(false);
    await limiter.record(rule, 's');
    expect(await limiter.isLimited(rule, 's')).toBe(true);
  });

  it('clears a subject', async () => {
    const limiter = createRateLimiter(sqliteEngine(db), () => clock);
    for (let i = 0; i < 3; i += 1) await limiter.record(rule, 's');
    await limiter.clear(rule, 's');
    expect(await limiter.isLimited(rule, 's')).toBe(false);
  });

  it('keeps no more rows than the window holds for a subject', async () => {
    const limiter = createRateLimiter(sqliteEngine(db), () => clock);
    for (let i = 0; i < 50; i += 1) {
      await limiter.record(rule, 's');
      clock += 10_000;
    }
    const rows = db.prepare('SELECT COUNT(*) AS n FROM rate_limit_events').get() as { n: number };
    expect(rows.n).toBeLessThanOrEqual(7);
  });

  it('makes a subject wait after its free failures, doubling from the last one', async () => {
    const limiter = createRateLimiter(sqliteEngine(db), () => clock);
    const backoff: BackoffRule = {
      scope: 'backoff',
      free: 2,
      windowMs: 60_000,
      baseDelayMs: 1_000,
      maxDelayMs: 4_000,
    };
    await limiter.record(backoff, 's');
    await limiter.record(backoff, 's');
    expect(await limiter.waitMs(backoff, 's')).toBe(1_000);
    expect(await limiter.waitMs(backoff, 'other')).toBe(0);
    clock += 1_000;
    expect(await limiter.waitMs(backoff, 's')).toBe(0);
    await limiter.record(backoff, 's');
    expect(await limiter.waitMs(backoff, 's')).toBe(2_000);
    await limiter.record(backoff, 's');
    await limiter.record(backoff, 's');
    expect(await limiter.waitMs(backoff, 's')).toBe(4_000);
    clock += 60_001;
    expect(await limiter.waitMs(backoff, 's')).toBe(0);
  });
});
