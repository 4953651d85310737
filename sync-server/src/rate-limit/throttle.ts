import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import type { RateLimitRule } from './rate-limit-rules';

/**
 * Counts one event of `subject` under `rule` and answers true, or answers false when the subject
 * is over its limit. Counted and checked in one step, also across nodes. Refused events are not
 * counted, so the window drains while the subject waits.
 */
export async function admit(app: AppContext, rule: RateLimitRule, subject: string) {
  const { limiter } = app.repos;
  return limiter.serially([subject], async () => {
    if (await limiter.isLimited(rule, subject)) return false;
    await limiter.record(rule, subject);
    return true;
  });
}

/** As `admit`, with a 429 saying `message` for a subject over its limit. */
export async function throttle(
  app: AppContext,
  rule: RateLimitRule,
  subject: string,
  message: string,
): Promise<void> {
  if (!(await admit(app, rule, subject))) throw new DomainError('rate_limited', message);
}
