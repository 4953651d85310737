import { MAILS_PER_CUSTOMER_PER_DAY } from '@stemline/shared';
import type { RateLimiter } from '../rate-limit/rate-limit-repository';
import type { RateLimitRule } from '../rate-limit/rate-limit-rules';
import type { Mailer, OutgoingMail } from './mailer';

const DAY_MS = 24 * 3600_000;

/** Mails sent for one customer (or, with none, to one address) in any 24 hours. */
export const MAILS_PER_CUSTOMER: RateLimitRule = {
  scope: 'mail_customer',
  limit: MAILS_PER_CUSTOMER_PER_DAY,
  windowMs: DAY_MS,
};
/** One mail of a kind to one address per sender in 24 hours; a repeat is a duplicate. */
const SAME_MAIL_TO_SAME_ADDRESS: RateLimitRule = {
  scope: 'mail_customer_recipient',
  limit: 1,
  windowMs: DAY_MS,
};

export interface QuotaOutcome {
  sent: string[];
  /** Addresses this sender mailed the same kind of mail today, or twice in one call. */
  duplicates: string[];
  /** Addresses left over once the sender's daily cap was reached. */
  overLimit: string[];
}

/**
 * The daily mail cap of issue 21: every mail the server sends on a customer's behalf or to a
 * customer's users (referrals, verification, reset) counts against `MAILS_PER_CUSTOMER_PER_DAY`
 * for its `sender`: the customer's key (password reset uses a key of its own per customer, see
 * accounts/password-reset.ts). With `dropDuplicates`, a mail of the same kind to an address the
 * sender already mailed in the last 24 hours is dropped. The caller says so in its answer.
 */
export function createMailQuota(mailer: Mailer, limiter: RateLimiter) {
  return {
    async send(
      sender: string,
      mails: readonly OutgoingMail[],
      options: { dropDuplicates: boolean },
    ): Promise<QuotaOutcome> {
      // Decided and counted under the sender's lock, so two nodes mailing for one customer at
      // once cannot both take its last mail of the day; sent once the count is committed. The
      // work builds its answer afresh: PostgreSQL may run it again after a deadlock.
      const { admitted, duplicates, overLimit } = await limiter.serially([sender], async () => {
        const decided = {
          admitted: [] as OutgoingMail[],
          duplicates: [] as string[],
          overLimit: [] as string[],
        };
        for (const mail of mails) {
          const to = mail.to.toLowerCase();
          const pair = `${sender} ${mail.kind} ${to}`;
          if (
            options.dropDuplicates &&
            (await limiter.isLimited(SAME_MAIL_TO_SAME_ADDRESS, pair))
          ) {
            decided.duplicates.push(mail.to);
          } else if (await limiter.isLimited(MAILS_PER_CUSTOMER, sender)) {
            decided.overLimit.push(mail.to);
          } else {
            await limiter.record(MAILS_PER_CUSTOMER, sender);
            await limiter.record(SAME_MAIL_TO_SAME_ADDRESS, pair);
            decided.admitted.push(mail);
          }
        }
        return decided;
      });
      const outcome: QuotaOutcome = { sent: [], duplicates, overLimit };
      for (const mail of admitted) {
        await mailer.send(mail);
        outcome.sent.push(mail.to);
      }
      return outcome;
    },
  };
}
export type MailQuota = ReturnType<typeof createMailQuota>;
