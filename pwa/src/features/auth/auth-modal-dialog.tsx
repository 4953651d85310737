import { ModalDialog, type ModalDialogProps } from '../../ui';
import type { AuthModals } from './auth-modal-state';

/**
 * A modal of the auth flows (welcome, log in, hunter sign-up, …): a `ModalDialog` whose dismissal
 * (Escape, ×, a click outside) closes it through the shared auth-modal state, so only one auth
 * modal is ever open and closing one leaves none.
 */
export function AuthModalDialog({
  modals,
  ...props
}: Omit<ModalDialogProps, 'onOpenChange'> & { modals: AuthModals }) {
  return (
    <ModalDialog
      {...props}
      onOpenChange={(open) => {
        if (!open) modals.close();
      }}
    />
  );
}
