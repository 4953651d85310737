import type { Random } from '../random';
import { at } from './array-at';

/**
 * Splits `total` into integer parts proportional to `weights` (largest remainder), each part at
 * least `min` when the total allows it.
 */
export function apportion(total: number, weights: readonly number[], min: number): number[] {
  const floor = total >= min * weights.length ? min : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * rest);
  const counts = exact.map((x) => floor + Math.floor(x));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = at(order, k).i;
    counts[i] = at(counts, i) + 1;
  }
  return counts;
}

/** Picks `count` distinct indexes of `weights` without replacement, in ascending order. */
export function sampleWeighted(rng: Random, weights: readonly number[], count: number): number[] {
  const w = weights.slice();
  const picked: number[] = [];
  const n = Math.min(count, w.filter((x) => x > 0).length);
  for (let k = 0; k < n; k++) {
    const i = rng.weightedIndex(w);
    picked.push(i);
    w[i] = 0;
  }
  return picked.sort((a, b) => a - b);
}
