import { describe, expect, it } from 'vitest';
import { backoffWaitMs, type BackoffRule } from './backoff';

const rule: BackoffRule = {
  scope: 'test',
  free: 5,
  windowMs: 3_600_000,
  baseDelayMs: 1_000,
  maxDelayMs: 900_000,
};

describe('backoffWaitMs', () => {
  it.each([
    [0, null, 0],
    [4, 1_000, 0],
    [5, 1_000, 1_000],
    [6, 1_000, 2_000],
    [7, 1_000, 4_000],
    [14, 1_000, 512_000],
    [15, 1_000, 900_000],
    [1_000_000, 1_000, 900_000],
  ])('%i failures, the last just now: wait %#', (failures, lastAt, expected) => {
    expect(backoffWaitMs(rule, failures, lastAt, 1_000)).toBe(expected);
  });

  it('counts the wait from the last failure', () => {
    expect(backoffWaitMs(rule, 6, 10_000, 11_500)).toBe(500);
    expect(backoffWaitMs(rule, 6, 10_000, 12_000)).toBe(0);
    expect(backoffWaitMs(rule, 6, 10_000, 99_000)).toBe(0);
  });
});
