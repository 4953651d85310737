import { useState } from 'react';
import { accountMessages, messages, newPasswordProblems } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { useSyncReachable } from '../../sync/use-sync-status';
import { NewPasswordFields, PasswordField, showToast, useFieldForm } from '../../ui';
import { AccountDialogForm } from './account-dialog-form';
import { accountApi } from './account-api';
import { showSaveFailure, stoppedOffline } from './save-feedback';

const EMPTY = { current: '', password: '', repeat: '' };

/**
 * Changes the signed-in user's password (POST /api/security/change_password): the current one,
 * then the new pair checked as §5 says. The server ends every other session of the user and
 * answers a fresh token, kept here so this device stays signed in. Needs the network.
 */
export function ChangePasswordSection() {
  const online = useSyncReachable();
  const { values, setErrors, bind, reset } = useFieldForm(EMPTY);
  const [busy, setBusy] = useState(false);

  const save = async (): Promise<void> => {
    const pair = newPasswordProblems(values.password, values.repeat);
    const found = {
      current: values.current === '' ? messages.enterPassword : undefined,
      password: pair.password,
      repeat: pair.password_repeat,
    };
    setErrors(found);
    if (found.current ?? found.password ?? found.repeat) return;
    if (stoppedOffline(online)) return;
    setBusy(true);
    // The server ends this device's old token too: the sync's calls made with it before this
    // answer (which carries the new one) arrives must not sign this device out.
    const answer = await sessionStore.withTokenSwap(async () => {
      const changed = await accountApi.changePassword(values.current, values.password);
      if (changed.ok && changed.data.token && changed.data.user) {
        sessionStore.signIn(changed.data.token, changed.data.user);
      }
      return changed;
    });
    setBusy(false);
    if (!answer.ok) {
      const text = showSaveFailure(answer);
      // Wrong, or the log-in back-off's wait (429) on guessing it: either is said by the field.
      if (text === accountMessages.wrongCurrentPassword || answer.status === 429) {
        setErrors({ current: text });
      }
      return;
    }
    reset();
    showToast({
      title: accountMessages.passwordChanged,
      description: accountMessages.otherSessionsEnded,
      variant: 'success',
    });
  };

  return (
    <section className="account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">Password</h2>
      <p className="account-card__note">
        Changing your password signs you out on your other devices.
      </p>
      <AccountDialogForm busy={busy} online={online} submitLabel="Change password" onSubmit={save}>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...bind('current')}
          isRequired
        />
        <NewPasswordFields
          passwordLabel="New password"
          repeatLabel="Repeat the new password"
          password={bind('password')}
          repeat={bind('repeat')}
        />
      </AccountDialogForm>
    </section>
  );
}
