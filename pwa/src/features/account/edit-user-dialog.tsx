import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { accountMessages, emailProblem, type UserSummary } from '@stemline/shared';
import { Button, Checkbox, ModalDialog, TextField, showToast } from '../../ui';
import { OptionSelect } from '../auth/business-fields';
import { accountApi, failureText, type SalesUserChanges } from './account-api';

/** Who is editing, which decides the calls and fields the dialog offers. */
export interface EditorRights {
  /** Staff (not a login-as session): `sales_update_user` and any user's sign-in email. */
  staff: boolean;
  /** The signed-in user's key: its own sign-in email may change (`update_user_customer_email`). */
  selfKey: string;
  /** The customer's main user: it cannot be deactivated. */
  mainUserKey: string | null;
  /** May change names and the active flag (`update_user`): the main user, or staff. */
  manage: boolean;
}

const FLAG_CHOICES = [
  { value: 'keep', label: 'Leave as it is' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;
type FlagChoice = (typeof FLAG_CHOICES)[number]['value'];
const flagOf = (choice: FlagChoice): boolean | undefined =>
  choice === 'keep' ? undefined : choice === 'yes';

/**
 * 'Edit user': names and the active flag through run `update_user`; the sign-in email through
 * `update_user_customer_email` for one's own user (and for staff, any user); and for staff only
 * the sales flags through `sales_update_user`. The server checks every right again.
 */
export function EditUserDialog({
  user,
  rights,
  online,
  onClose,
  onSaved,
}: {
  user: UserSummary;
  rights: EditorRights;
  online: boolean;
  onClose: () => void;
  onSaved: (user: UserSummary) => void;
}) {
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [active, setActive] = useState(user.active);
  const [email, setEmail] = useState(user.email);
  const [hunter, setHunter] = useState<FlagChoice>('keep');
  const [adminRedirect, setAdminRedirect] = useState<FlagChoice>('keep');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const isMain = user.key === rights.mainUserKey;
  const mayChangeEmail = rights.staff || user.key === rights.selfKey;

  const fail = (answer: Parameters<typeof failureText>[0], field?: string): void => {
    const text = failureText(
      answer,
      accountMessages.accountNeedsNetwork,
      accountMessages.serviceFailure,
    );
    if (field) setErrors({ [field]: text });
    showToast({ title: text, variant: 'error' });
  };

  const save = async (close: () => void): Promise<void> => {
    const found = {
      first_name: firstName.trim() === '' ? accountMessages.enterFirstName : undefined,
      last_name: lastName.trim() === '' ? accountMessages.enterLastName : undefined,
      email: mayChangeEmail ? (emailProblem(email) ?? undefined) : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (!online) {
      showToast({ title: accountMessages.accountNeedsNetwork, variant: 'error' });
      return;
    }
    setBusy(true);
    let latest = user;
    try {
      if (rights.manage) {
        const names = await accountApi.updateUser(user.key, {
          first_name: firstName.trim(),
          last_name: lastName.trim(),
          ...(!rights.staff && !isMain && active !== user.active && { active }),
        });
        if (!names.ok) return fail(names);
        latest = names.data.user;
      }
      const sales: SalesUserChanges = {};
      if (active !== user.active) sales.active = active;
      const hunterFlag = flagOf(hunter);
      if (hunterFlag !== undefined) sales.hunter = hunterFlag;
      const redirectFlag = flagOf(adminRedirect);
      if (redirectFlag !== undefined) sales.admin_redirect = redirectFlag;
      if (rights.staff && Object.keys(sales).length > 0) {
        const answer = await accountApi.salesUpdateUser(user.key, sales);
        if (!answer.ok) return fail(answer);
        latest = answer.data.user;
      }
      const newEmail = email.trim().toLowerCase();
      if (mayChangeEmail && newEmail !== user.email) {
        const answer = await accountApi.updateUserEmail(
          newEmail,
          user.key === rights.selfKey ? undefined : user.key,
        );
        if (!answer.ok) return fail(answer, 'email');
        latest = answer.data.user;
      }
      onSaved(latest);
      showToast({ title: accountMessages.userUpdated, variant: 'success' });
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit user"
      subtitle={user.email}
      size="md"
    >
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
              value={firstName}
              onChange={setFirstName}
              errorMessage={errors.first_name}
              isReadOnly={!rights.manage}
              isRequired
              autoFocus
            />
            <TextField
              label="Last Name"
              value={lastName}
              onChange={setLastName}
              errorMessage={errors.last_name}
              isReadOnly={!rights.manage}
              isRequired
            />
          </div>
          {mayChangeEmail && (
            <TextField
              label="Sign-in email"
              type="email"
              value={email}
              onChange={(value) => {
                setEmail(value);
                setErrors((now) => ({ ...now, email: undefined }));
              }}
              errorMessage={errors.email}
              isRequired
            />
          )}
          {rights.manage && (
            <Checkbox isSelected={active} onChange={setActive} isDisabled={isMain && !rights.staff}>
              Active (can log in)
            </Checkbox>
          )}
          {isMain && !rights.staff && (
            <p className="account-card__note">The main user of the company stays active.</p>
          )}
          {rights.staff && (
            <fieldset className="account-staff">
              <legend>Sales settings (staff only)</legend>
              <OptionSelect
                label="Hunter (sales rep)"
                options={FLAG_CHOICES}
                value={hunter}
                onChange={(value) => setHunter(value as FlagChoice)}
                isRequired={false}
              />
              <OptionSelect
                label="Grower admin redirect"
                options={FLAG_CHOICES}
                value={adminRedirect}
                onChange={(value) => setAdminRedirect(value as FlagChoice)}
                isRequired={false}
              />
            </fieldset>
          )}
          {!online && (
            <p className="account-card__offline">{accountMessages.accountNeedsNetwork}</p>
          )}
          <div className="account-form__actions">
            <Button variant="secondary" onPress={close}>
              Cancel
            </Button>
            <Button type="submit" isPending={busy} isDisabled={!online}>
              Save user
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
