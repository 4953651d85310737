import { accountMessages } from '@stemline/shared';
import { ModalDialog, Spinner } from '../../ui';

/** Spec §2 account-setup wait: shown while a new account is created and its token checked. */
export function AccountSetupModal({ isOpen }: { isOpen: boolean }) {
  return (
    <ModalDialog
      isOpen={isOpen}
      role="alertdialog"
      isDismissable={false}
      isKeyboardDismissDisabled
      hideCloseButton
      title="One moment"
      size="sm"
    >
      <div className="auth-setup" aria-live="polite">
        <Spinner aria-label="Setting up your account" />
        <p>{accountMessages.settingUpAccount}</p>
      </div>
    </ModalDialog>
  );
}
