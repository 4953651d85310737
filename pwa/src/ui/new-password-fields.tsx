import { FormRow } from './form-row';
import { PasswordField } from './password-field';
import type { FieldBinding } from './use-field-form';

export interface NewPasswordFieldsProps {
  password: FieldBinding;
  repeat: FieldBinding;
  /** Labels; 'Password' and 'Repeat password' unless given (the account area says 'New …'). */
  passwordLabel?: string | undefined;
  repeatLabel?: string | undefined;
}

/**
 * The password and repeat-password pair of both sign-up forms and the account area, side by side.
 * Neither has a placeholder: beside the Show button a half-width field cut it off at every width,
 * and the label already says what to type ('Please enter your password again' is the error).
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <FormRow>
      <PasswordField
        label={props.passwordLabel ?? 'Password'}
        autoComplete="new-password"
        {...props.password}
        isRequired
      />
      <PasswordField
        label={props.repeatLabel ?? 'Repeat password'}
        autoComplete="new-password"
        {...props.repeat}
        isRequired
      />
    </FormRow>
  );
}
