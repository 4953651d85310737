import type { Steps } from './run-in-slices';

/** Elements placed between two steps of `sortInSteps`. */
const STEP_ELEMENTS = 1024;

/**
 * A stable sort a step at a time (run-in-slices.ts), for arrays whose one `Array.prototype.sort`
 * would be a long task at a phone's speed (11,000 catalogue entries: about 40 ms at 4×). Runs of
 * `STEP_ELEMENTS` are sorted with the built-in sort, then merged bottom-up; the generator yields
 * after each run and after every `STEP_ELEMENTS` elements merged. Returns a new array; `items` is
 * left as it was. Same order as `[...items].sort(compare)` (both are stable).
 */
export function* sortInSteps<T>(items: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const length = items.length;
  let from: T[] = [];
  for (let start = 0; start < length; start += STEP_ELEMENTS) {
    for (const item of items.slice(start, start + STEP_ELEMENTS).sort(compare)) from.push(item);
    if (length > STEP_ELEMENTS) yield;
  }
  let to = new Array<T>(length);
  for (let width = STEP_ELEMENTS; width < length; width *= 2) {
    for (let left = 0; left < length; left += 2 * width) {
      const merge = {
        a: left,
        middle: Math.min(left + width, length),
        b: Math.min(left + width, length),
        out: left,
        end: Math.min(left + 2 * width, length),
      };
      while (merge.out < merge.end) {
        mergeSome(from, to, merge, compare, STEP_ELEMENTS);
        yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

interface Merge {
  /** Next element of the left run, and where that run ends. */
  a: number;
  middle: number;
  /** Next element of the right run, which ends at `end`. */
  b: number;
  /** Where the next merged element goes. */
  out: number;
  end: number;
}

/**
 * Places up to `count` elements of the two runs' merge. A plain function, not the generator: V8
 * optimises a loop here better than one that yields.
 */
function mergeSome<T>(
  from: readonly T[],
  to: T[],
  merge: Merge,
  compare: (a: T, b: T) => number,
  count: number,
): void {
  let { a, b, out } = merge;
  const { middle, end } = merge;
  const stop = Math.min(end, out + count);
  for (; out < stop; out++) {
    // Ties take the left run's element first: the merge keeps the sort stable.
    if (a < middle && (b >= end || compare(from[a] as T, from[b] as T) <= 0))
      to[out] = from[a++] as T;
    else to[out] = from[b++] as T;
  }
  merge.a = a;
  merge.b = b;
  merge.out = out;
}
