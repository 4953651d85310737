import { useRef, useState } from 'react';
import {
  accountMessages,
  COMPANY_NAME_MAX,
  discardMessages,
  updateCompanyAnswerSchema,
  type ActualAddress,
  type AddressField,
} from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { Button, ModalDialog, showToast, TextField } from '../../ui';
import { run } from '../../api/checked-call';
import { useLeaveGuard } from '../shell/leave-guard';
import { ConfirmButtons } from '../../ui/confirm-buttons';
import { AddressForm, EMPTY_ADDRESS_FIELDS, sameAddressFields } from './address-form';

/**
 * The main user's edit of the company (issue 27, spec §2): its name and main address, the
 * address checked by the same rule and messages as the delivery address form (spec §5). Needs
 * a connection: the server checks again and answers the user as it now reads. Leaving with
 * changes (Back, Escape, a link, the browser's Back) asks before it drops them.
 */
export function CompanyDetailsForm({
  name: initialName,
  main,
  onDone,
}: {
  name: string;
  main: ActualAddress | null;
  onDone: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string>(accountMessages.accountNeedsNetwork);
  const initialAddress: Record<AddressField, string> = main
    ? { address: main.address, city: main.city, state: main.state, zipcode: main.zipcode }
    : EMPTY_ADDRESS_FIELDS;
  const typedAddress = useRef(initialAddress);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const hasTyping = (): boolean =>
    name.trim() !== initialName.trim() || !sameAddressFields(typedAddress.current, initialAddress);
  // A link or the browser's Back asks the same question as Back; Discard then goes there.
  const leaving = useLeaveGuard(hasTyping);
  const back = (): void => {
    if (hasTyping()) setAskingDiscard(true);
    else onDone();
  };
  const keep = (): void => {
    setAskingDiscard(false);
    leaving?.stay();
  };
  const checkName = (value: string): string | undefined => {
    const trimmed = value.trim();
    if (trimmed === '') return accountMessages.companyNameRequired;
    if ([...trimmed].length > COMPANY_NAME_MAX)
      return accountMessages.companyNameTooLong(COMPANY_NAME_MAX);
    return undefined;
  };
  return (
    <div className="company-details__form">
      <AddressForm
        initial={initialAddress}
        onValuesChange={(values) => {
          typedAddress.current = values;
        }}
        leading={
          <TextField
            label="Company name"
            autoFocus
            isRequired
            validationBehavior="aria"
            autoComplete="organization"
            value={name}
            onChange={(value) => {
              setName(value);
              if (nameError) setNameError(checkName(value));
            }}
            errorMessage={nameError}
          />
        }
        checkLeading={() => {
          const problem = checkName(name);
          setNameError(problem);
          return problem === undefined;
        }}
        submitLabel="Save company details"
        failureMessage={failure}
        onCancel={back}
        onSubmit={async (address) => {
          const answer = await run(updateCompanyAnswerSchema, 'update_company_details', {
            name,
            address,
          });
          if (!answer.ok) {
            setFailure(answer.offline ? accountMessages.accountNeedsNetwork : answer.error);
            throw new Error(answer.error);
          }
          const session = sessionStore.get();
          if (session) sessionStore.signIn(session.token, answer.data.user);
          showToast({ title: answer.data.message, variant: 'success' });
          onDone();
        }}
      />
      <ModalDialog
        isOpen={askingDiscard || leaving !== null}
        onOpenChange={(open) => {
          if (!open) keep();
        }}
        role="alertdialog"
        size="sm"
        title={discardMessages.title}
        footer={
          <ConfirmButtons
            keep={discardMessages.keep}
            onKeep={keep}
            act={discardMessages.discard}
            onAct={leaving ? leaving.leave : onDone}
          />
        }
      >
        <p className="company-details__message">{discardMessages.companyDetails}</p>
      </ModalDialog>
    </div>
  );
}

/** Edit, shown to the main user only; `autoFocus` when it comes back after the form. */
export function EditCompanyButton({
  onPress,
  autoFocus = false,
}: {
  onPress: () => void;
  autoFocus?: boolean;
}) {
  return (
    <Button variant="secondary" size="sm" autoFocus={autoFocus} onPress={onPress}>
      Edit company details
    </Button>
  );
}
