import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import {
  accountMessages,
  emailProblem,
  newPasswordProblems,
  type UserSummary,
} from '@stemline/shared';
import { Button, ModalDialog, TextField, showToast } from '../../ui';
import { NewPasswordFields } from '../auth/new-password-fields';
import { accountApi, failureText } from './account-api';

const EMPTY = { first_name: '', last_name: '', email: '', password: '', repeat: '' };
type Field = keyof typeof EMPTY;

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
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string | undefined>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async (close: () => void): Promise<void> => {
    const pair = newPasswordProblems(form.password, form.repeat);
    const found = {
      first_name: form.first_name.trim() === '' ? accountMessages.enterFirstName : undefined,
      last_name: form.last_name.trim() === '' ? accountMessages.enterLastName : undefined,
      email: emailProblem(form.email) ?? undefined,
      password: pair.password,
      repeat: pair.password_repeat,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (!online) {
      showToast({ title: accountMessages.accountNeedsNetwork, variant: 'error' });
      return;
    }
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
      const text = failureText(
        answer,
        accountMessages.accountNeedsNetwork,
        accountMessages.serviceFailure,
      );
      if (answer.status === 409 || answer.status === 400) setErrors({ email: text });
      showToast({ title: text, variant: 'error' });
      return;
    }
    onAdded(answer.data.user);
    setForm(EMPTY);
    showToast({ title: accountMessages.userAdded, variant: 'success' });
    close();
  };

  return (
    <ModalDialog isOpen={isOpen} onOpenChange={onOpenChange} title="Add a user" size="md">
      {({ close }) => (
        <Form
          className="account-form"
          validationBehavior="aria"
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            if (!busy) void save(close);
          }}
        >
          <div className="auth-form__row">
            <TextField
              label="First Name"
              autoComplete="off"
              value={form.first_name}
              onChange={set('first_name')}
              errorMessage={errors.first_name}
              isRequired
              autoFocus
            />
            <TextField
              label="Last Name"
              autoComplete="off"
              value={form.last_name}
              onChange={set('last_name')}
              errorMessage={errors.last_name}
              isRequired
            />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={set('email')}
            errorMessage={errors.email}
            isRequired
          />
          <NewPasswordFields
            password={form.password}
            repeat={form.repeat}
            onPasswordChange={set('password')}
            onRepeatChange={set('repeat')}
            passwordError={errors.password}
            repeatError={errors.repeat}
          />
          {!online && (
            <p className="account-card__offline">{accountMessages.accountNeedsNetwork}</p>
          )}
          <div className="account-form__actions">
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" isPending={busy} isDisabled={!online}>
              Add user
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
