import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  emailSchema,
  messages,
  stemlineMessages,
  type CheckEmailAvailableAnswer,
  type LoginAnswer,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { sessionStore } from '../../session/session-store';
import { Button, ModalDialog, PasswordField, TextField, showToast } from '../../ui';

type Step = 'email' | 'password';

/**
 * 'Sign up or log in' (spec §2): the Work Email step, then the password step for a registered
 * email. Enter submits each step. Both steps need the network and say so when it is missing.
 */
export function LoginModal({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(() => sessionStore.lastEmail());
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = (open: boolean): void => {
    onOpenChange(open);
    if (!open) {
      setStep('email');
      setPassword('');
      setError(null);
    }
  };

  const submitEmail = async (): Promise<void> => {
    if (/\s/.test(email.trim())) return setError(messages.emailHasSpace);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(messages.invalidEmail);
    if (!navigator.onLine) return setError(stemlineMessages.networkNeeded);
    setBusy(true);
    const answer = await apiRequest<CheckEmailAvailableAnswer>(
      '/api/customer/check_email_available',
      {
        method: 'POST',
        body: { email: parsed.data },
      },
    );
    setBusy(false);
    if (!answer.success)
      return setError(answer.offline ? stemlineMessages.networkNeeded : answer.error);
    if (answer.data.results.length === 0) return setError(stemlineMessages.unknownEmail);
    setEmail(parsed.data);
    setError(null);
    setStep('password');
  };

  const submitPassword = async (): Promise<void> => {
    if (password.length === 0) return setError(messages.enterPassword);
    setBusy(true);
    const answer = await apiRequest<LoginAnswer>('/api/security/login', {
      query: { email, password },
    });
    setBusy(false);
    if (!answer.success) {
      const text = answer.offline
        ? stemlineMessages.networkNeeded
        : answer.error || messages.loginFailed;
      setError(text);
      showToast({ title: text, variant: 'error' });
      return;
    }
    const { token, user } = answer.data;
    if (!token || !user) return setError(messages.loginFailed);
    sessionStore.signIn(token, user);
    close(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    void (step === 'email' ? submitEmail() : submitPassword());
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={close}
      title={messages.signUpOrLogIn}
      subtitle="Log in to see live prices from more than 100 farms."
      size="sm"
    >
      <Form onSubmit={onSubmit} className="login-form" validationBehavior="aria">
        <TextField
          label="Work Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (step === 'password') setStep('email');
          }}
          isInvalid={step === 'email' && error !== null}
          errorMessage={step === 'email' ? (error ?? undefined) : undefined}
          autoFocus={step === 'email'}
          isRequired
        />
        {step === 'password' && (
          <PasswordField
            label="Password"
            name="password"
            value={password}
            onChange={setPassword}
            isInvalid={error !== null}
            errorMessage={error ?? undefined}
            autoFocus
            isRequired
          />
        )}
        <Button type="submit" isPending={busy}>
          {step === 'email' ? 'Continue' : 'Log in'}
        </Button>
      </Form>
    </ModalDialog>
  );
}
