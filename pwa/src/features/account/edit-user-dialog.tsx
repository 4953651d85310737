import { useState } from 'react';
import { accountMessages, emailProblem, type UserSummary } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import {
  Checkbox,
  ModalDialog,
  NameFields,
  PasswordField,
  showToast,
  TextField,
  useFieldForm,
} from '../../ui';
import { AccountDialogForm } from './account-dialog-form';
import { accountApi, type SalesUserChanges } from './account-api';
import { nameProblems } from './name-problems';
import { flagChange, initialFlagChoice } from './sales-flag-choice';
import { SalesFlagSelect } from './sales-flag-select';
import { showSaveFailure, stoppedOffline } from './save-feedback';

/** Who is editing, which decides the calls and fields the dialog offers. */
export interface EditorRights {
  /** Staff (not a login-as session): `sales_update_user` (a hunter: the contact owner only). */
  staff: boolean;
  /**
   * Staff on the manager_admin allow list: any user's sign-in email, users added to a customer,
   * the active flag and the sales flags of another company's users.
   */
  admin?: boolean;
  /**
   * A login-as session: it moves no sign-in email, adds no user and changes none (the server
   * refuses all three), so the users list offers it no Edit.
   */
  loginAs?: boolean;
  /**
   * The signed-in user's key: its own sign-in email may change (`update_user_customer_email`,
   * with the current password).
   */
  selfKey: string;
  /** The customer's main user: it cannot be deactivated. */
  mainUserKey: string | null;
  /** May change names (`update_user`): the main user, or staff; the active flag: not a hunter. */
  manage: boolean;
}

/**
 * 'Edit user': names and the active flag through run `update_user`; the sign-in email through
 * `update_user_customer_email` for one's own user (with the current password; every other
 * session ends) and for an admin any user; and for an admin only the active flag of another
 * company's users and the sales flags through `sales_update_user`, each shown at its current
 * value. The server checks every right again.
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
  const { values, setErrors, bind } = useFieldForm({
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    current_password: '',
  });
  const [active, setActive] = useState(user.active);
  const [hunter, setHunter] = useState(() => initialFlagChoice(user.hunter));
  const [adminRedirect, setAdminRedirect] = useState(() => initialFlagChoice(user.admin_redirect));
  const [busy, setBusy] = useState(false);
  const isMain = user.key === rights.mainUserKey;
  /** Who of another company may sign in, and the sales flags: an admin's, not a hunter's. */
  const staffAdmin = rights.staff && rights.admin === true;
  const own = user.key === rights.selfKey;
  const mayChangeEmail = rights.loginAs !== true && (own || rights.admin === true);
  const newEmail = values.email.trim().toLowerCase();
  const emailChanged = mayChangeEmail && newEmail !== user.email;
  const askPassword = own && emailChanged;

  /**
   * A refused call. The calls before it were saved: the list shows what the server now holds
   * (`latest`), while the dialog keeps everything typed for another try.
   */
  const fail = (
    answer: Parameters<typeof showSaveFailure>[0],
    latest: UserSummary,
    field?: 'email',
  ): void => {
    if (latest !== user) onSaved(latest);
    const text = showSaveFailure(answer);
    // A 429 here is the log-in back-off on the current password: its words go by that field.
    const passwordRefused =
      text === accountMessages.wrongCurrentPassword ||
      text === accountMessages.currentPasswordForEmail ||
      answer.status === 429;
    if (field) setErrors({ [passwordRefused ? 'current_password' : field]: text });
  };

  /** Moves the sign-in email; one's own move keeps this device signed in with the new token. */
  const moveEmail = () => {
    if (!own) return accountApi.updateUserEmail(newEmail, { userKey: user.key });
    return sessionStore.withTokenSwap(async () => {
      const answer = await accountApi.updateUserEmail(newEmail, {
        currentPassword: values.current_password,
      });
      const current = sessionStore.get();
      if (answer.ok && answer.data.token && current?.user.key === user.key) {
        const token = answer.data.token;
        sessionStore.signIn(token, { ...current.user, token, email: answer.data.user.email });
      }
      return answer;
    });
  };

  const save = async (close: () => void): Promise<void> => {
    const found = {
      ...nameProblems(values),
      email: mayChangeEmail ? (emailProblem(values.email) ?? undefined) : undefined,
      current_password:
        askPassword && values.current_password === ''
          ? accountMessages.currentPasswordForEmail
          : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean) || stoppedOffline(online)) return;
    setBusy(true);
    let latest = user;
    try {
      if (rights.manage) {
        const names = await accountApi.updateUser(user.key, {
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          ...(!rights.staff && !isMain && active !== user.active && { active }),
        });
        if (!names.ok) return fail(names, latest);
        latest = names.data.user;
      }
      const sales: SalesUserChanges = {};
      if (active !== user.active) sales.active = active;
      const hunterFlag = flagChange(hunter, user.hunter);
      if (hunterFlag !== undefined) sales.hunter = hunterFlag;
      const redirectFlag = flagChange(adminRedirect, user.admin_redirect);
      if (redirectFlag !== undefined) sales.admin_redirect = redirectFlag;
      if (rights.staff && Object.keys(sales).length > 0) {
        const answer = await accountApi.salesUpdateUser(user.key, sales);
        if (!answer.ok) return fail(answer, latest);
        latest = answer.data.user;
      }
      if (emailChanged) {
        const answer = await moveEmail();
        if (!answer.ok) return fail(answer, latest, 'email');
        latest = answer.data.user;
      }
      onSaved(latest);
      showToast({
        title: accountMessages.userUpdated,
        ...(askPassword && { description: accountMessages.otherSessionsEnded }),
        variant: 'success',
      });
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
        <AccountDialogForm
          busy={busy}
          online={online}
          submitLabel="Save user"
          onSubmit={() => save(close)}
          onCancel={close}
        >
          <NameFields
            first={bind('first_name')}
            last={bind('last_name')}
            isReadOnly={!rights.manage}
            autoFocus
          />
          {mayChangeEmail && (
            <TextField label="Sign-in email" type="email" {...bind('email')} isRequired />
          )}
          {askPassword && (
            <PasswordField
              label="Current password"
              description="Changing your sign-in email signs you out on your other devices."
              autoComplete="current-password"
              {...bind('current_password')}
              isRequired
            />
          )}
          {rights.manage && (!rights.staff || staffAdmin) && (
            <Checkbox isSelected={active} onChange={setActive} isDisabled={isMain && !rights.staff}>
              Active (can log in)
            </Checkbox>
          )}
          {isMain && !rights.staff && (
            <p className="account-card__note">The main user of the company stays active.</p>
          )}
          {staffAdmin && (
            <fieldset className="account-staff">
              <legend>Sales settings (staff only)</legend>
              <SalesFlagSelect
                label="Hunter (sales rep)"
                current={user.hunter}
                value={hunter}
                onChange={setHunter}
              />
              <SalesFlagSelect
                label="Grower admin redirect"
                current={user.admin_redirect}
                value={adminRedirect}
                onChange={setAdminRedirect}
              />
            </fieldset>
          )}
        </AccountDialogForm>
      )}
    </ModalDialog>
  );
}
