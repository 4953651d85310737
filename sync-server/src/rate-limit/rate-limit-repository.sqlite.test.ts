import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlEngine } from '../db/sql-engine';
import { openTestEngine } from '../test-support/test-database';
import type { BackoffRule } from './backoff';
import { createRateLimiter } from './rate-limit-repository';
import type { RateLimitRule } from './rate-limit-rules';

const rule: RateLimitRule = { scope: 'test', limit: 3, windowMs: 60_000 };

/** On the run's engine (SQLite in memory, or PostgreSQL in `npm run test:pg`). */
describe('createRateLimiter', () => {
  let engine: SqlEngine;
  let clock = 1_000_000;
  /** A subject of this test alone: the tests share one database. */
  let subject = '';
  beforeAll(async () => {
    engine = await openTestEngine();
  });
  afterAll(() => engine.close());
  beforeEach(() => {
    clock = 1_000_000;
    subject = `s-${randomUUID()}`;
  });

  it('limits a subject once it has `limit` events inside the window, and only that subject', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    for (let i = 0; i < 2; i += 1) await limiter.record(rule, `a-${subject}`);
    expect(await limiter.isLimited(rule, `a-${subject}`)).toBe(false);
    await limiter.record(rule, `a-${subject}`);
    expect(await limiter.isLimited(rule, `a-${subject}`)).toBe(true);
    expect(await limiter.isLimited(rule, `b-${subject}`)).toBe(false);
    expect(await limiter.isLimited({ ...rule, scope: 'other' }, `a-${subject}`)).toBe(false);
  });

  it('slides: events leave the window one by one as the clock moves', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    await limiter.record(rule, subject);
    clock += 30_000;
    await limiter.record(rule, subject);
    await limiter.record(rule, subject);
    expect(await limiter.isLimited(rule, subject)).toBe(true);
    clock += 30_001;
    expect(await limiter.isLimited(rule, subject)).toBe(false);
    await limiter.record(rule, subject);
    expect(await limiter.isLimited(rule, subject)).toBe(true);
  });

  it('clears a subject', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    for (let i = 0; i < 3; i += 1) await limiter.record(rule, subject);
    await limiter.clear(rule, subject);
    expect(await limiter.isLimited(rule, subject)).toBe(false);
  });

  it('keeps no more rows than the window holds for a subject', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    for (let i = 0; i < 50; i += 1) {
      await limiter.record(rule, subject);
      clock += 10_000;
    }
    const rows = await engine.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM rate_limit_events WHERE subject = ?',
      [subject],
    );
    expect(rows?.n).toBeLessThanOrEqual(7);
  });

  it('makes a subject wait after its free failures, doubling from the last one', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    const backoff: BackoffRule = {
      scope: 'backoff',
      free: 2,
      windowMs: 60_000,
      baseDelayMs: 1_000,
      maxDelayMs: 4_000,
    };
    await limiter.record(backoff, subject);
    await limiter.record(backoff, subject);
    expect(await limiter.waitMs(backoff, subject)).toBe(1_000);
    expect(await limiter.waitMs(backoff, 'other')).toBe(0);
    clock += 1_000;
    expect(await limiter.waitMs(backoff, subject)).toBe(0);
    await limiter.record(backoff, subject);
    expect(await limiter.waitMs(backoff, subject)).toBe(2_000);
    await limiter.record(backoff, subject);
    await limiter.record(backoff, subject);
    expect(await limiter.waitMs(backoff, subject)).toBe(4_000);
    clock += 60_001;
    expect(await limiter.waitMs(backoff, subject)).toBe(0);
  });

  it('lets one of two checks at once take the last free slot under a cap', async () => {
    const limiter = createRateLimiter(engine, () => clock);
    for (let i = 0; i < rule.limit - 1; i += 1) await limiter.record(rule, subject);
    // Each check and its record in one transaction of its own (its own connection on
    // PostgreSQL), as two nodes would run them.
    const tryOnce = () =>
      limiter.serially([subject], async () => {
        if (await limiter.isLimited(rule, subject)) return false;
        await limiter.record(rule, subject);
        return true;
      });
    expect((await Promise.all([tryOnce(), tryOnce()])).sort()).toEqual([false, true]);
    const rows = await engine.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM rate_limit_events WHERE subject = ?',
      [subject],
    );
    expect(rows?.n).toBe(rule.limit);
  });
});
