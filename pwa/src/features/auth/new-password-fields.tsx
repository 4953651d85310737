import { accountMessages } from '@stemline/shared';
import { PasswordField } from '../../ui';
import type { FieldBinding } from '../account/use-field-form';

interface NewPasswordFieldsProps {
  password: FieldBinding;
  repeat: FieldBinding;
  /** Labels; 'Password' and 'Repeat password' unless given (the account area says 'New …'). */
  passwordLabel?: string | undefined;
  repeatLabel?: string | undefined;
}

/** The password and repeat-password pair of both sign-up forms and the account area, side by side. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <div className="auth-form__row">
      <PasswordField
        label={props.passwordLabel ?? 'Password'}
        autoComplete="new-password"
        {...props.password}
        isRequired
      />
      <PasswordField
        label={props.repeatLabel ?? 'Repeat password'}
        placeholder={accountMessages.repeatPassword}
        autoComplete="new-password"
        {...props.repeat}
        isRequired
      />
    </div>
  );
}
