import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { accountMessages, messages, newPasswordProblems } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, PasswordField, showToast } from '../../ui';
import { NewPasswordFields } from '../auth/new-password-fields';
import { accountApi, failureText } from './account-api';

interface Errors {
  current?: string | undefined;
  password?: string | undefined;
  repeat?: string | undefined;
}

/**
 * Changes the signed-in user's password (POST /api/security/change_password): the current one,
 * then the new pair checked as §5 says. The server ends every other session of the user and
 * answers a fresh token, kept here so this device stays signed in. Needs the network.
 */
export function ChangePasswordSection() {
  const online = useSyncReachable();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const save = async (): Promise<void> => {
    const pair = newPasswordProblems(password, repeat);
    const found: Errors = {
      current: current === '' ? messages.enterPassword : undefined,
      password: pair.password,
      repeat: pair.password_repeat,
    };
    setErrors(found);
    if (found.current ?? found.password ?? found.repeat) return;
    if (!online) {
      showToast({ title: accountMessages.accountNeedsNetwork, variant: 'error' });
      return;
    }
    setBusy(true);
    const answer = await accountApi.changePassword(current, password);
    setBusy(false);
    if (!answer.ok) {
      const text = failureText(
        answer,
        accountMessages.accountNeedsNetwork,
        accountMessages.serviceFailure,
      );
      if (text === accountMessages.wrongCurrentPassword) setErrors({ current: text });
      showToast({ title: text, variant: 'error' });
      return;
    }
    if (answer.data.token && answer.data.user) {
      sessionStore.signIn(answer.data.token, answer.data.user);
    }
    setCurrent('');
    setPassword('');
    setRepeat('');
    showToast({
      title: accountMessages.passwordChanged,
      description: accountMessages.otherSessionsEnded,
      variant: 'success',
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void save();
  };

  return (
    <section className="account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <p className="account-card__note">
        Changing your password signs you out on your other devices.
      </p>
      <Form onSubmit={onSubmit} className="account-form" validationBehavior="aria">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(value) => {
            setCurrent(value);
            setErrors((now) => ({ ...now, current: undefined }));
          }}
          errorMessage={errors.current}
          isRequired
        />
        <NewPasswordFields
          passwordLabel="New password"
          repeatLabel="Repeat the new password"
          password={password}
          repeat={repeat}
          onPasswordChange={(value) => {
            setPassword(value);
            setErrors((now) => ({ ...now, password: undefined }));
          }}
          onRepeatChange={(value) => {
            setRepeat(value);
            setErrors((now) => ({ ...now, repeat: undefined }));
          }}
          passwordError={errors.password}
          repeatError={errors.repeat}
        />
        {!online && <p className="account-card__offline">{accountMessages.accountNeedsNetwork}</p>}
        <div className="account-form__actions">
          <Button type="submit" isPending={busy} isDisabled={!online}>
            Change password
          </Button>
        </div>
      </Form>
    </section>
  );
}
