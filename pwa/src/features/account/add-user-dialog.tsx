import { useState } from 'react';
import {
  accountMessages,
  emailProblem,
  newPasswordProblems,
  type UserSummary,
} from '@stemline/shared';
import {
  ModalDialog,
  NameFields,
  NewPasswordFields,
  showToast,
  TextField,
  useFieldForm,
} from '../../ui';
import { useFocusInvalid } from '../../ui/focus-invalid';
import { AccountDialogForm } from './account-dialog-form';
import { accountApi } from './account-api';
import { nameProblems } from './name-problems';
import { showSaveFailure, stoppedOffline } from './save-feedback';

const EMPTY = { first_name: '', last_name: '', email: '', password: '', repeat: '' };

/**
 * 'Add a user' (run `add_user`): another person of the company who logs in with their own email
 * and password. Only the main user (or staff, naming `customer`) may add one; the server checks.
 */
export function AddUserDialog({
  isOpen,
  onOpenChange,
  customer,
  online,
  onAdded,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  customer?: string | undefined;
  online: boolean;
  onAdded: (user: UserSummary) => void;
}) {
  const { values: form, setErrors, bind, reset } = useFieldForm(EMPTY);
  const [busy, setBusy] = useState(false);
  const focusInvalid = useFocusInvalid();

  const save = async (close: () => void): Promise<void> => {
    const pair = newPasswordProblems(form.password, form.repeat);
    const found = {
      ...nameProblems(form),
      email: emailProblem(form.email) ?? undefined,
      password: pair.password,
      repeat: pair.password_repeat,
    };
    setErrors(found);
    // The form holding focus: its submit button (pending keeps it), or the field of the Enter.
    if (Object.values(found).some(Boolean)) return focusInvalid();
    if (stoppedOffline(online)) return;
    setBusy(true);
    const answer = await accountApi.addUser({
      email: form.email.trim().toLowerCase(),
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      password: form.password,
      ...(customer !== undefined && { customer }),
    });
    setBusy(false);
    if (!answer.ok) {
      const text = showSaveFailure(answer);
      if (answer.status === 409 || answer.status === 400) setErrors({ email: text });
      focusInvalid();
      return;
    }
    onAdded(answer.data.user);
    reset();
    showToast({ title: accountMessages.userAdded, variant: 'success' });
    close();
  };

  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Add a user" size="md">
      {({ close }) => (
        <AccountDialogForm
          busy={busy}
          online={online}
          submitLabel="Add user"
          onSubmit={() => save(close)}
          onCancel={close}
        >
          <NameFields
            first={bind('first_name')}
            last={bind('last_name')}
            autofill="other"
            autoFocus
          />
          <TextField label="Email" type="email" autoComplete="off" {...bind('email')} isRequired />
          <NewPasswordFields password={bind('password')} repeat={bind('repeat')} />
        </AccountDialogForm>
      )}
    </ModalDialog>
  );
}
