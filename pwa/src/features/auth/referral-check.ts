import { accountMessages, REFERRAL_DISCOUNT, type ReferralCodeAnswer } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';

/**
 * Where the referral code a visitor arrived with stands on the create-account page (spec §4
 * sign-up flow): being checked with find_referral, given by a customer (`valid`), given by no
 * one (`unknown`: not sent with the sign-up), or not checked (`later`: offline, or the check
 * failed), in which case the sign-up carries it and the server decides.
 */
export type ReferralCheck =
  | { state: 'none' }
  | { state: 'checking'; code: string }
  | { state: 'valid'; code: string; referredBy: string }
  | { state: 'unknown'; code: string }
  | { state: 'later'; code: string; offline: boolean };

/** What find_referral's answer for `code` says about it. */
export function referralCheckOf(
  code: string,
  result: CheckedResult<ReferralCodeAnswer>,
): ReferralCheck {
  if (!result.ok) return { state: 'later', code, offline: result.offline };
  const { valid, referred_by_name: referredBy } = result.data.results;
  if (!valid) return { state: 'unknown', code };
  // A valid code always names its customer; an answer that does not is not one to trust.
  if (!referredBy) return { state: 'later', code, offline: false };
  return { state: 'valid', code, referredBy };
}

/** The code the sign-up sends: any but one the server said no customer gives. */
export function referralToSend(check: ReferralCheck): string | undefined {
  return check.state === 'none' || check.state === 'unknown' ? undefined : check.code;
}

/** What the page says about the code, and whether it is good news; null when there is none. */
export function referralNotice(
  check: ReferralCheck,
): { text: string; tone: 'good' | 'info' } | null {
  switch (check.state) {
    case 'none':
      return null;
    case 'checking':
      return { text: accountMessages.referralChecking, tone: 'info' };
    case 'valid':
      return {
        text: accountMessages.referredBy(check.referredBy, Math.round(REFERRAL_DISCOUNT * 100)),
        tone: 'good',
      };
    case 'unknown':
      return { text: accountMessages.referralCodeUnknown(check.code), tone: 'info' };
    case 'later':
      return {
        text: check.offline
          ? accountMessages.referralCheckedAtSignUp
          : accountMessages.referralNotChecked,
        tone: 'info',
      };
  }
}
