import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { accountMessages, messages, stemlineMessages } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { pendingAdd } from '../catalog/pending-add';
import { Button, Link, PasswordField, showToast, SubmitForm } from '../../ui';
import { authApi, signedInUser } from './auth-api';
import { takeRedirect } from './arrival-params';
import { AuthModalDialog } from './auth-modal-dialog';
import type { AuthModals } from './auth-modal-state';
import { useCaptcha } from './captcha/use-captcha';
import { completeSignIn } from './complete-sign-in';
import { signInAsGuest } from './guest-sign-in';
import { WorkEmailField } from './work-email-field';
import { loginFailureText, loginFlowAt, type LoginFlow } from './login-failure';
import { lookUpWorkEmail } from './work-email-lookup';

type Step = 'email' | 'password';

/**
 * 'Sign up or log in' (spec §2, §4 login flow): the Work Email step checks the address (rules,
 * fake domains, staff domain) and whether it is registered: a registered address asks for the
 * password (with 'Forgot password?'), a guest made from an email alone signs straight in, and a
 * new address goes on to 'Create your account'. A captcha is solved before log-in. Enter
 * submits each step; both need the network and say so when it is missing. A failed log-in says
 * why (login-failure.ts: 'unable to login' in the cart flow: when opened for an add to cart, or
 * from the checkout).
 */
export function LoginModal({
  isOpen,
  initialEmail,
  initialStep,
  flow,
  modals,
}: {
  isOpen: boolean;
  initialEmail?: string | undefined;
  initialStep?: Step | undefined;
  /** What the log-in was opened for (the checkout counts as the cart flow whatever it says). */
  flow?: LoginFlow | undefined;
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

  /** Signed in: the modal closes, and a `redirect` the visit arrived with is followed. */
  const signedIn = (): void => {
    modals.close();
    const redirect = takeRedirect(window.location.origin);
    if (redirect !== null) void navigate(redirect);
  };

  const offline = (): boolean => {
    if (navigator.onLine) return false;
    (step === 'email' ? setEmailError : setPasswordError)(stemlineMessages.networkNeeded);
    return true;
  };

  const submitEmail = async (): Promise<void> => {
    setBusy(true);
    try {
      const found = await lookUpWorkEmail(email);
      if (!found.ok) return setEmailError(found.error);
      setEmail(found.address);
      setEmailError(null);
      if (found.registered && found.passwordless) {
        const outcome = await signInAsGuest(found.address, takeCaptcha);
        if (outcome.kind === 'error') setEmailError(outcome.message);
        else if (outcome.kind === 'signed_in') signedIn();
        return;
      }
      if (found.registered) return setStep('password');
      // A new address signs up: an Add that asked for the log-in is made once that has signed in.
      const add = pendingAdd.take();
      modals.close();
      if (add) pendingAdd.remember(add);
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
        const text = loginFailureText(answer, loginFlowAt(window.location.pathname, flow));
        setPasswordError(text);
        showToast({ title: text, variant: 'error' });
        return;
      }
      if (completeSignIn(session.token, session.user)) signedIn();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthModalDialog
      modals={modals}
      isOpen={isOpen}
      title={messages.signUpOrLogIn}
      subtitle="Log in to see live prices from more than 100 farms."
      size="sm"
    >
      <SubmitForm
        busy={busy}
        onSubmit={() => (step === 'email' ? submitEmail() : submitPassword())}
        className="auth-form"
      >
        <WorkEmailField
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
          error={emailError}
          autoFocus={step === 'email'}
        />
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
              onPress={() => modals.open({ kind: 'forgot', email, flow })}
            >
              {accountMessages.forgotPassword}
            </Link>
          </>
        )}
        <Button type="submit" isPending={busy}>
          {step === 'email' ? 'Continue' : 'Log in'}
        </Button>
      </SubmitForm>
    </AuthModalDialog>
  );
}
