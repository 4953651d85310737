import { useCallback, useEffect, useState } from 'react';
import { authApi } from './auth-api';
import {
  referralCheckOf,
  referralNotice,
  referralToSend,
  type ReferralCheck,
} from './referral-check';
import { forgetReferralCode } from './referral-code';

/**
 * Checks the visitor's referral code with find_referral as the create-account page opens, and
 * again when the device comes back online after a check it could not make. `code` is the page
 * address's `?referral_code=` or the kept one; once seen it stays, so a code forgotten because no
 * customer gives it (then no later sign-up, here, in the hunter modal or a guest's, sends it)
 * is still named. `refused()` is for a sign-up the server refused for its code (sign-up-submit
 * forgets the code then).
 */
export function useReferralCheck(code: string | undefined) {
  const [seen, setSeen] = useState(code);
  if (code && code !== seen) setSeen(code);
  const [result, setResult] = useState<ReferralCheck | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!seen) return;
    let current = true;
    void authApi.checkReferral(seen).then((answer) => {
      if (!current) return;
      const next = referralCheckOf(seen, answer);
      if (next.state === 'unknown') forgetReferralCode();
      setResult(next);
    });
    return () => {
      current = false;
    };
  }, [seen, attempt]);

  const check: ReferralCheck = !seen
    ? { state: 'none' }
    : result && 'code' in result && result.code === seen
      ? result
      : { state: 'checking', code: seen };

  const later = check.state === 'later';
  useEffect(() => {
    if (!later) return;
    const retry = () => setAttempt((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [later]);

  const refused = useCallback(() => {
    if (seen) setResult({ state: 'unknown', code: seen });
  }, [seen]);

  return { check, toSend: referralToSend(check), refused };
}

/** What the page says about the referral code; a polite live region, nothing without a code. */
export function ReferralNotice({ check }: { check: ReferralCheck }) {
  const notice = referralNotice(check);
  if (!notice) return null;
  return (
    <p
      role="status"
      className={notice.tone === 'good' ? 'auth-note auth-note--highlight' : 'auth-note'}
    >
      {notice.text}
    </p>
  );
}
