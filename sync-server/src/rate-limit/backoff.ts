/**
 * An exponential back-off: the first `free` failures of a subject within `windowMs` cost
 * nothing; after that each new try must wait `baseDelayMs`, doubled for every further failure,
 * at most `maxDelayMs`, counted from the subject's last failure. Failures leave the count when
 * they leave the window.
 */
export interface BackoffRule {
  scope: string;
  free: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * How long a subject with `failures` failures in the window, the last at `lastAt`, must still
 * wait at `now` (0: it may try now).
 */
export function backoffWaitMs(
  rule: BackoffRule,
  failures: number,
  lastAt: number | null,
  now: number,
): number {
  if (failures < rule.free || lastAt === null) return 0;
  // 2 ** 40 ms is over 30 years: no delay is longer than its cap, and no overflow.
  const steps = Math.min(failures - rule.free, 40);
  const delay = Math.min(rule.baseDelayMs * 2 ** steps, rule.maxDelayMs);
  return Math.max(0, lastAt + delay - now);
}
