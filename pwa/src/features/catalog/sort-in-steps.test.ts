import { describe, expect, it } from 'vitest';
import { runSteps } from './run-in-slices';
import { sortInSteps } from './sort-in-steps';

/** Deterministic pseudo-random numbers (a linear congruential generator). */
function numbers(count: number, seed: number, range: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % range;
  });
}

describe('sortInSteps', () => {
  it('sorts as the built-in sort does, ties in their first order, for any length', () => {
    for (const count of [0, 1, 2, 1023, 1024, 1025, 3000, 11_000]) {
      // Few distinct values: many ties, whose order only a stable sort keeps.
      const items = numbers(count, count + 7, 50).map((value, place) => ({ value, place }));
      const byValue = (a: { value: number }, b: { value: number }) => a.value - b.value;
      expect(runSteps(sortInSteps(items, byValue))).toEqual([...items].sort(byValue));
    }
  });

  it('leaves its input as it was', () => {
    const items = numbers(2500, 3, 1000);
    const before = [...items];
    runSteps(sortInSteps(items, (a, b) => a - b));
    expect(items).toEqual(before);
  });

  it('pauses between runs and merges, so a page can sort 11,000 entries between frames', () => {
    const steps = sortInSteps(numbers(11_000, 5, 100_000), (a, b) => a - b);
    let pauses = 0;
    let next = steps.next();
    while (!next.done) {
      pauses += 1;
      next = steps.next();
    }
    // 11 runs sorted, then 4 rounds of merging 11,000 elements: a pause at least per 1,024.
    expect(pauses).toBeGreaterThanOrEqual(11 + 4 * Math.floor(11_000 / 1024));
    expect(next.value).toEqual(numbers(11_000, 5, 100_000).sort((a, b) => a - b));
  });

  it('does not pause for a short array', () => {
    const steps = sortInSteps([3, 1, 2], (a, b) => a - b);
    const first = steps.next();
    expect(first).toEqual({ done: true, value: [1, 2, 3] });
  });
});
