import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { accountMessages, emailProblem, messages, stemlineMessages } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { Button, ModalDialog, TextField, showToast } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import type { AuthModals } from './auth-modal-state';
import { useCaptcha } from './captcha/use-captcha';
import { completeSignIn } from './complete-sign-in';
import { EmailTakenMessage } from './email-taken-message';
import { referralCode } from './referral-code';
import { SignUpClaims } from './sign-up-claims';

/**
 * The welcome modal for visitors without a session (spec §2): prices after giving an email (a
 * guest account, spec §1), or log in. An email that already has an account gets the §5 message
 * with its 'click here' to log in.
 */
export function WelcomeModal({ isOpen, modals }: { isOpen: boolean; modals: AuthModals }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const takeCaptcha = useCaptcha(isOpen);

  const seePrices = async (): Promise<void> => {
    const problem = emailProblem(email);
    if (problem) return setError(problem);
    if (!navigator.onLine) return setError(stemlineMessages.networkNeeded);
    const address = email.trim().toLowerCase();
    setBusy(true);
    try {
      const status = await authApi.verifyEmail(address);
      if (!status.ok && !status.data) {
        return setError(status.offline ? stemlineMessages.networkNeeded : status.error);
      }
      if (status.data && !status.data.registered && status.data.message) {
        return setError(status.data.message);
      }
      sessionStore.rememberEmail(address);
      if (status.data?.registered && !status.data.passwordless) {
        return setError(
          <EmailTakenMessage
            onLogin={() => modals.open({ kind: 'login', email: address, step: 'password' })}
          />,
        );
      }
      const captcha = await takeCaptcha();
      if (!captcha.ok) {
        if (captcha.reason === 'offline') return setError(stemlineMessages.networkNeeded);
        showToast({ title: accountMessages.captchaFailed, variant: 'error' });
        return;
      }
      const answer = await authApi.guestSignIn(address, captcha.token, referralCode());
      const session = answer.ok ? signedInUser(answer.data) : null;
      if (!session) {
        return setError(
          answer.ok
            ? messages.loginFailed
            : answer.offline
              ? stemlineMessages.networkNeeded
              : answer.error,
        );
      }
      if (completeSignIn(session.token, session.user)) {
        modals.close();
        void navigate('/shopping/home');
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void seePrices();
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) modals.close();
      }}
      title="Welcome to Stemline"
      subtitle="Wholesale flowers straight from more than 100 farms, for florists and event designers."
      size="md"
    >
      <div className="welcome-modal">
        <Button variant="secondary" onPress={() => modals.open({ kind: 'login' })}>
          Log in
        </Button>
        <SignUpClaims />
        <Form onSubmit={onSubmit} className="auth-form" validationBehavior="aria">
          <TextField
            label="Work Email"
            description="Enter your email to see today's prices."
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            isInvalid={error !== null}
            errorMessage={typeof error === 'string' ? error : undefined}
            isRequired
          />
          {error !== null && typeof error !== 'string' && (
            <div role="alert" className="auth-form__alert">
              {error}
            </div>
          )}
          <Button type="submit" isPending={busy}>
            See prices
          </Button>
        </Form>
      </div>
    </ModalDialog>
  );
}
