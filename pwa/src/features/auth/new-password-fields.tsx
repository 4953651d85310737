import { accountMessages } from '@stemline/shared';
import { PasswordField } from '../../ui';

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  passwordError?: string | undefined;
  repeatError?: string | undefined;
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
        value={props.password}
        onChange={props.onPasswordChange}
        errorMessage={props.passwordError}
        isRequired
      />
      <PasswordField
        label={props.repeatLabel ?? 'Repeat password'}
        placeholder={accountMessages.repeatPassword}
        autoComplete="new-password"
        value={props.repeat}
        onChange={props.onRepeatChange}
        errorMessage={props.repeatError}
        isRequired
      />
    </div>
  );
}
