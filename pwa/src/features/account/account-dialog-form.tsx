import type { ReactNode } from 'react';
import { accountMessages } from '@stemline/shared';
import { Button, SubmitForm } from '../../ui';

/**
 * The form of an account-area card or dialog: its fields, then (offline) the note that saving
 * needs the network, then 'Cancel' (when `onCancel` is given) and the submit button. Contract:
 * the submit button shows `busy` and is disabled offline; `onSubmit` runs on Enter or the
 * button, never twice at once.
 */
export function AccountDialogForm({
  busy,
  online,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  busy: boolean;
  online: boolean;
  submitLabel: string;
  onSubmit: () => Promise<void>;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <SubmitForm busy={busy} onSubmit={onSubmit} className="account-form">
      {children}
      {!online && <p className="account-card__offline">{accountMessages.accountNeedsNetwork}</p>}
      <div className="account-form__actions">
        {onCancel && (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isPending={busy} isDisabled={!online}>
          {submitLabel}
        </Button>
      </div>
    </SubmitForm>
  );
}
