import { FormRow } from './form-row';
import { TextField } from './text-field';
import type { FieldBinding } from './use-field-form';

/** What the name pair edits, and how it is filled. */
export interface NameFieldsProps {
  first: FieldBinding;
  last: FieldBinding;
  /**
   * 'own': the person fills in their own name (browser autofill given/family name); 'other':
   * someone else's name (autofill off); unset: the browser decides.
   */
  autofill?: 'own' | 'other' | undefined;
  isReadOnly?: boolean | undefined;
  autoFocus?: boolean | undefined;
}

/**
 * The required 'First Name' and 'Last Name' pair, side by side, as every account form asks it
 * (create account, hunter sign-up, add user, edit user). Each shows its own error message.
 */
export function NameFields({ first, last, autofill, isReadOnly, autoFocus }: NameFieldsProps) {
  const autoComplete = (own: string) =>
    autofill === undefined ? {} : { autoComplete: autofill === 'own' ? own : 'off' };
  const shared = { isRequired: true, ...(isReadOnly !== undefined && { isReadOnly }) };
  return (
    <FormRow>
      <TextField
        label="First Name"
        {...autoComplete('given-name')}
        {...first}
        {...(autoFocus !== undefined && { autoFocus })}
        {...shared}
      />
      <TextField label="Last Name" {...autoComplete('family-name')} {...last} {...shared} />
    </FormRow>
  );
}
