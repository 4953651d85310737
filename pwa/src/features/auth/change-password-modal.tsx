import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { accountMessages, changePasswordProblem, stemlineMessages } from '@stemline/shared';
import { Button, ModalDialog, PasswordField, showToast } from '../../ui';
import { authApi } from './auth-api';
import type { AuthModals } from './auth-modal-state';

/**
 * 'Choose your new password' (spec §2), opened by a reset link `?change_password&user_id&code`:
 * two password fields with Show/Hide, checked as §5 says ('Missing parameters', 'Password
 * doesn't match', 'Please write a password of 8 characters minimum'). On success it toasts
 * 'Password changed successfully', goes to /shopping/home and back to log-in, opened with the
 * account's email (the answer names it) at its password step.
 */
export function ChangePasswordModal({
  isOpen,
  userId,
  code,
  modals,
}: {
  isOpen: boolean;
  userId: string;
  code: string;
  modals: AuthModals;
}) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (): Promise<void> => {
    const problem = changePasswordProblem({ userId, code, password, repeat });
    if (problem) return setError(problem);
    if (!navigator.onLine) return setError(stemlineMessages.networkNeeded);
    setBusy(true);
    const answer = await authApi.requestChangePassword(userId, code, password);
    setBusy(false);
    if (!answer.ok) {
      const text = answer.offline
        ? stemlineMessages.networkNeeded
        : (answer.data?.message ?? (answer.error || accountMessages.serviceFailure));
      setError(text);
      showToast({ title: text, variant: 'error' });
      return;
    }
    showToast({ title: accountMessages.passwordChanged, variant: 'success' });
    void navigate('/shopping/home', { replace: true });
    const email = answer.data.email;
    modals.open(email ? { kind: 'login', email, step: 'password' } : { kind: 'login' });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void save();
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          modals.close();
          void navigate('/shopping/home', { replace: true });
        }
      }}
      title={accountMessages.chooseNewPassword}
      size="sm"
    >
      <Form onSubmit={onSubmit} className="auth-form" validationBehavior="aria">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          autoFocus
          isRequired
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          value={repeat}
          onChange={(value) => {
            setRepeat(value);
            setError(null);
          }}
          isInvalid={error !== null}
          errorMessage={error ?? undefined}
          isRequired
        />
        <Button type="submit" isPending={busy}>
          {accountMessages.saveNewPassword}
        </Button>
      </Form>
    </ModalDialog>
  );
}
