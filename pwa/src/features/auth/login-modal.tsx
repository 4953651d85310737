import { useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { accountMessages, emailProblem, messages, stemlineMessages } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { Button, Link, ModalDialog, PasswordField, TextField, showToast } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import type { AuthModals } from './auth-modal-state';
import { useCaptcha } from './captcha/use-captcha';
import { completeSignIn } from './complete-sign-in';
import { referralCode } from './referral-code';

type Step = 'email' | 'password';

/**
 * 'Sign up or log in' (spec §2, §4 login flow): the Work Email step checks the address (rules,
 * fake domains, staff domain) and whether it is registered: a registered address asks for the
 * password (with 'Forgot password?'), a guest made from an email alone signs straight in, and a
 * new address goes on to 'Create your account'. A captcha is solved before log-in. Enter
 * submits each step; both need the network and say so when it is missing.
 */
export function LoginModal({
  isOpen,
  initialEmail,
  initialStep,
  modals,
}: {
  isOpen: boolean;
  initialEmail?: string | undefined;
  initialStep?: Step | undefined;
  modals: AuthModals;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(initialStep ?? 'email');
  const [email, setEmail] = useState(() => initialEmail ?? sessionStore.lastEmail());
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<ReactNode>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const takeCaptcha = useCaptcha(isOpen);

  const offline = (): boolean => {
    if (navigator.onLine) return false;
    (step === 'email' ? setEmailError : setPasswordError)(stemlineMessages.networkNeeded);
    return true;
  };

  const signInAsGuest = async (address: string): Promise<void> => {
    const captcha = await takeCaptcha();
    if (!captcha.ok) {
      if (captcha.reason === 'offline') return setEmailError(stemlineMessages.networkNeeded);
      showToast({ title: accountMessages.captchaFailed, variant: 'error' });
      return;
    }
    const answer = await authApi.guestSignIn(address, captcha.token, referralCode());
    const session = answer.ok ? signedInUser(answer.data) : null;
    if (!session) {
      const text = answer.ok
        ? messages.loginFailed
        : answer.offline
          ? stemlineMessages.networkNeeded
          : answer.error;
      setEmailError(text);
      return;
    }
    if (completeSignIn(session.token, session.user)) modals.close();
  };

  const submitEmail = async (): Promise<void> => {
    const problem = emailProblem(email);
    if (problem) return setEmailError(problem);
    if (offline()) return;
    const address = email.trim().toLowerCase();
    setBusy(true);
    try {
      const answer = await authApi.verifyEmail(address);
      if (!answer.ok && !answer.data) {
        return setEmailError(answer.offline ? stemlineMessages.networkNeeded : answer.error);
      }
      const status = answer.data;
      if (!status) return;
      if (!status.registered && status.message) return setEmailError(status.message);
      sessionStore.rememberEmail(address);
      setEmail(address);
      setEmailError(null);
      if (status.registered && status.passwordless) return await signInAsGuest(address);
      if (status.registered) return setStep('password');
      modals.close();
      void navigate('/shopping/create-account');
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (): Promise<void> => {
    if (password === '') return setPasswordError(messages.enterPassword);
    if (offline()) return;
    setBusy(true);
    try {
      const captcha = await takeCaptcha();
      if (!captcha.ok) {
        const text =
          captcha.reason === 'offline'
            ? stemlineMessages.networkNeeded
            : accountMessages.captchaFailed;
        setPasswordError(text);
        showToast({ title: text, variant: 'error' });
        return;
      }
      const answer = await authApi.login(email, password, captcha.token);
      const session = answer.ok ? signedInUser(answer.data) : null;
      if (!session) {
        const text = answer.ok
          ? messages.loginFailed
          : answer.offline
            ? stemlineMessages.networkNeeded
            : answer.data?.error || answer.error || messages.loginFailed;
        setPasswordError(text);
        showToast({ title: text, variant: 'error' });
        return;
      }
      if (completeSignIn(session.token, session.user)) modals.close();
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (busy) return;
    void (step === 'email' ? submitEmail() : submitPassword());
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) modals.close();
      }}
      title={messages.signUpOrLogIn}
      subtitle="Log in to see live prices from more than 100 farms."
      size="sm"
    >
      <Form onSubmit={onSubmit} className="auth-form" validationBehavior="aria">
        <TextField
          label="Work Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setEmailError(null);
            if (step === 'password') {
              setStep('email');
              setPassword('');
              setPasswordError(null);
            }
          }}
          isInvalid={emailError !== null}
          errorMessage={typeof emailError === 'string' ? emailError : undefined}
          autoFocus={step === 'email'}
          isRequired
        />
        {emailError !== null && typeof emailError !== 'string' && (
          <div role="alert" className="auth-form__alert">
            {emailError}
          </div>
        )}
        {step === 'password' && (
          <>
            <PasswordField
              label="Password"
              name="password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setPasswordError(null);
              }}
              isInvalid={passwordError !== null}
              errorMessage={passwordError ?? undefined}
              autoFocus
              isRequired
            />
            <Link
              className="auth-form__forgot"
              onPress={() => modals.open({ kind: 'forgot', email })}
            >
              {accountMessages.forgotPassword}
            </Link>
          </>
        )}
        <Button type="submit" isPending={busy}>
          {step === 'email' ? 'Continue' : 'Log in'}
        </Button>
      </Form>
    </ModalDialog>
  );
}
