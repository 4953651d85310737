import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  US_STATES,
  validateAddressForm,
  type AddressField,
  type AddressFields,
  type AddressFormErrors,
} from '@stemline/shared';
import { Button, Select, SelectItem, TextField } from '../../ui';
import { ZipcodeAvailability } from './zipcode-availability';

type FormStatus = 'idle' | 'pending' | 'resolved' | 'rejected';

export interface AddressFormProps {
  /** The address being edited; empty fields to add one. */
  initial?: Record<AddressField, string> | undefined;
  submitLabel: string;
  /** Saves the valid address; a throw means this device could not store it. */
  onSubmit: (fields: AddressFields) => Promise<void>;
  onCancel: () => void;
  /** Shown when `onSubmit` throws. */
  failureMessage: string;
  /** Focuses Street on mount: the form replaced the control that had focus. */
  autoFocus?: boolean;
  /** Fields of the same form before Street (Enter in them submits it too). */
  leading?: ReactNode;
  /** Checks `leading`'s fields with the address on each submit (shows their messages). */
  checkLeading?: () => boolean;
  /** The fields to start from instead of `initial` (a draft being returned to). */
  draft?: Record<AddressField, string> | undefined;
  /** Told every change, with all four fields. */
  onValuesChange?: (values: Record<AddressField, string>) => void;
  /**
   * Escape in the form: given, it is the form's own (an open list's Escape stays the list's)
   * and does not reach the dialog around it, which would close and drop the typing.
   */
  onEscape?: () => void;
}

/** A new address's fields, all empty. */
export const EMPTY_ADDRESS_FIELDS: Record<AddressField, string> = {
  address: '',
  city: '',
  state: '',
  zipcode: '',
};
/** Whether two sets of address fields say the same, spaces around them aside. */
export function sameAddressFields(
  a: Record<AddressField, string>,
  b: Record<AddressField, string>,
): boolean {
  return (Object.keys(a) as AddressField[]).every((field) => a[field].trim() === b[field].trim());
}

const stateItems = US_STATES.map((state) => ({ id: state.abbreviation, name: state.name }));

/**
 * The (one time) delivery address form (spec §2, §5): Street, City, State, Zipcode, checked by
 * the shared rule the server runs. Messages show after the first submit, then as the buyer types.
 */
export function AddressForm({
  initial = EMPTY_ADDRESS_FIELDS,
  submitLabel,
  onSubmit,
  onCancel,
  failureMessage,
  autoFocus = false,
  leading,
  checkLeading = () => true,
  draft,
  onValuesChange,
  onEscape,
}: AddressFormProps) {
  const [values, setValues] = useState(draft ?? initial);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<FormStatus>('idle');
  const result = validateAddressForm(values);
  const errors: AddressFormErrors = submitted && !result.ok ? result.errors : {};
  const set = (field: AddressField) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    onValuesChange?.(next);
    if (status === 'rejected') setStatus('idle');
  };
  const keyDown = (event: KeyboardEvent): void => {
    if (!onEscape || event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    event.preventDefault();
    onEscape();
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSubmitted(true);
    const leadingOk = checkLeading();
    if (!result.ok || !leadingOk) return;
    setStatus('pending');
    try {
      await onSubmit(result.value);
      setStatus('resolved');
    } catch {
      setStatus('rejected');
    }
  };

  return (
    <form
      className="address-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={keyDown}
    >
      {leading}
      <TextField
        label="Street"
        autoFocus={autoFocus}
        isRequired
        validationBehavior="aria"
        autoComplete="address-line1"
        value={values.address}
        onChange={set('address')}
        errorMessage={errors.address}
      />
      <TextField
        label="City"
        isRequired
        validationBehavior="aria"
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        errorMessage={errors.city}
      />
      <Select
        label="State"
        isRequired
        validationBehavior="aria"
        placeholder="Choose a state"
        items={stateItems}
        selectedKey={values.state === '' ? null : values.state}
        onSelectionChange={(key) => set('state')(key === null ? '' : String(key))}
        errorMessage={errors.state}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <TextField
        label="Zipcode"
        isRequired
        validationBehavior="aria"
        inputMode="numeric"
        autoComplete="postal-code"
        value={values.zipcode}
        onChange={set('zipcode')}
        errorMessage={errors.zipcode}
        description={<ZipcodeAvailability zipcode={values.zipcode} />}
      />
      {status === 'rejected' && (
        <p role="alert" className="address-form__failure">
          {failureMessage}
        </p>
      )}
      <div className="address-form__actions">
        <Button variant="secondary" onPress={onCancel}>
          Back
        </Button>
        <Button type="submit" isPending={status === 'pending'}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
