import { accountMessages } from '@stemline/shared';
import { PasswordField } from '../../ui';

interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  passwordError?: string | undefined;
  repeatError?: string | undefined;
}

/** The password and repeat-password pair of both sign-up forms, side by side. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <div className="auth-form__row">
      <PasswordField
        label="Password"
        autoComplete="new-password"
        value={props.password}
        onChange={props.onPasswordChange}
        errorMessage={props.passwordError}
        isRequired
      />
      <PasswordField
        label="Repeat password"
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
