import { useState } from 'react';
import { accountMessages, forgotPasswordProblem, stemlineMessages } from '@stemline/shared';
import { Button, ModalDialog, TextField, showToast } from '../../ui';
import { authApi } from './auth-api';
import { AuthModalDialog } from './auth-modal-dialog';
import type { AuthModals } from './auth-modal-state';
import type { LoginFlow } from './login-failure';

/**
 * The forgot-password modal (spec §2): says a link will be sent, shows the email read-only,
 * 'Email me the link now' and Cancel. No email: toast 'Please use an email' and nothing is sent;
 * a server error is toasted as returned; success toasts 'Email sent.' and opens the confirmation.
 * Cancel (or Escape) goes back to the log-in's password step, in the flow it was opened for, so
 * a log-in from Add to cart still fails with the cart flow's text.
 */
export function ForgotPasswordModal({
  isOpen,
  email,
  flow,
  modals,
}: {
  isOpen: boolean;
  email: string;
  /** The flow of the log-in it came from (AuthModal 'forgot'). */
  flow?: LoginFlow | undefined;
  modals: AuthModals;
}) {
  const [busy, setBusy] = useState(false);
  const backToLogIn = (): void => modals.open({ kind: 'login', email, step: 'password', flow });
  const send = async (): Promise<void> => {
    const problem = forgotPasswordProblem(email);
    if (problem) {
      showToast({ title: problem, variant: 'error' });
      return;
    }
    if (!navigator.onLine) {
      showToast({ title: stemlineMessages.networkNeeded, variant: 'error' });
      return;
    }
    setBusy(true);
    const answer = await authApi.forgotPassword(email);
    setBusy(false);
    if (!answer.ok) {
      const text = answer.offline
        ? stemlineMessages.networkNeeded
        : (answer.data?.error ?? answer.error);
      showToast({ title: text, variant: 'error' });
      return;
    }
    showToast({ title: accountMessages.emailSent, variant: 'success' });
    modals.open({ kind: 'forgot-sent', email });
  };
  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) backToLogIn();
      }}
      title="Forgot your password?"
      subtitle="We will email you a link to create a new password."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onPress={backToLogIn}>
            Cancel
          </Button>
          <Button isPending={busy} onPress={() => void send()}>
            {accountMessages.emailMeTheLink}
          </Button>
        </>
      }
    >
      <TextField label="Work Email" type="email" value={email} isReadOnly />
    </ModalDialog>
  );
}

/** Spec §2 forgot-password confirmation: where the link went, the delay, and the spam folder. */
export function ForgotPasswordSentModal({
  isOpen,
  email,
  modals,
}: {
  isOpen: boolean;
  email: string;
  modals: AuthModals;
}) {
  return (
    <AuthModalDialog
      modals={modals}
      isOpen={isOpen}
      title="Check your email"
      size="sm"
      footer={<Button onPress={() => modals.close()}>{accountMessages.okClose}</Button>}
    >
      <p className="auth-note">{accountMessages.linkSent(email)}</p>
      <p className="auth-note auth-note--muted">
        It can take up to 1 minute to arrive. If you do not see it, please check your spam folder.
      </p>
    </AuthModalDialog>
  );
}
