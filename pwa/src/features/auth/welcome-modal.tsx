import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages, REFERRAL_DISCOUNT } from '@stemline/shared';
import { Button, SubmitForm } from '../../ui';
import { authApi } from './auth-api';
import { AuthModalDialog } from './auth-modal-dialog';
import type { AuthModals } from './auth-modal-state';
import { useCaptcha } from './captcha/use-captcha';
import { EmailTakenMessage } from './email-taken-message';
import { signInAsGuest } from './guest-sign-in';
import { SignUpClaims } from './sign-up-claims';
import { WorkEmailField } from './work-email-field';
import { lookUpWorkEmail } from './work-email-lookup';
import { referralCode } from './referral-code';

/**
 * The welcome modal for visitors without a session (spec §2): prices after giving an email (a
 * guest account, spec §1), or log in. An email that already has an account gets the §5 message
 * with its 'click here' to log in. A referral link's visitor reads who referred them and the
 * discount (spec §9), and the guest account made here carries the code.
 */
export function WelcomeModal({ isOpen, modals }: { isOpen: boolean; modals: AuthModals }) {
  const navigate = useNavigate();
  // A link's `?email=` (a referral mail's, say) is typed in already.
  const [email, setEmail] = useState(
    () => new URLSearchParams(window.location.search).get('email')?.trim() ?? '',
  );
  // A friend's referral code (kept from `?referral_code=`): who gives it and the 15% off, once
  // the server has named them. Any other answer says nothing here: the guest sign-in says why.
  const [referredBy, setReferredBy] = useState<string | null>(null);
  useEffect(() => {
    const code = referralCode();
    if (code)
      void authApi.checkReferral(code).then((answer) => {
        if (answer.ok) setReferredBy(answer.data.results.referred_by_name);
      });
  }, []);
  const [error, setError] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const takeCaptcha = useCaptcha(isOpen);

  const seePrices = async (): Promise<void> => {
    setBusy(true);
    try {
      const found = await lookUpWorkEmail(email);
      if (!found.ok) return setError(found.error);
      const { address } = found;
      if (found.registered && !found.passwordless) {
        return setError(
          <EmailTakenMessage
            onLogin={() => modals.open({ kind: 'login', email: address, step: 'password' })}
          />,
        );
      }
      const outcome = await signInAsGuest(address, takeCaptcha);
      if (outcome.kind === 'error') return setError(outcome.message);
      if (outcome.kind === 'signed_in') {
        modals.close();
        void navigate('/shopping/home');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthModalDialog
      modals={modals}
      isOpen={isOpen}
      title="Welcome to Stemline"
      subtitle="Wholesale flowers straight from more than 100 farms, for florists and event designers."
      size="md"
    >
      <div className="welcome-modal">
        <Button variant="secondary" onPress={() => modals.open({ kind: 'login' })}>
          Log in
        </Button>
        {referredBy && (
          <p role="status" className="auth-note auth-note--highlight">
            {accountMessages.referredBy(referredBy, Math.round(REFERRAL_DISCOUNT * 100))}
          </p>
        )}
        <SignUpClaims />
        <SubmitForm busy={busy} onSubmit={seePrices} className="auth-form">
          <WorkEmailField
            description="Enter your email to see today's prices."
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            error={error}
          />
          <Button type="submit" isPending={busy}>
            See prices
          </Button>
        </SubmitForm>
      </div>
    </AuthModalDialog>
  );
}
