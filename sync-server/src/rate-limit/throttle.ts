import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import type { RateLimitRule } from './rate-limit-rules';

/**
 * Counts one event of `subject` under `rule`; a subject over its limit gets a 429 with
 * `message`. Counted and checked in one step, also across nodes. Refused events are not counted,
 * so the window drains while the subject waits.
 */
export async function throttle(
  app: AppContext,
  rule: RateLimitRule,
  subject: string,
  message: string,
): Promise<void> {
  const { limiter } = app.repos;
  await limiter.serially([subject], async () => {
    if (await limiter.isLimited(rule, subject)) throw new DomainError('rate_limited', message);
    await limiter.record(rule, subject);
  });
}
