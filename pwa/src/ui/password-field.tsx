import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { EyeIcon, EyeOffIcon } from './icons';
import { uiLabels } from './labels';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'suffix'> {
  /** `current-password` to log in, `new-password` when choosing one. Default `current-password`. */
  autoComplete?: 'current-password' | 'new-password';
}

/**
 * A password `TextField` with a Show/Hide toggle. The toggle's accessible name contains its
 * visible word, and it never submits the form.
 */
export function PasswordField({ autoComplete = 'current-password', ...props }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck="false"
      autoCorrect="off"
      suffix={
        <AriaButton
          className="sl-field__toggle"
          aria-label={isVisible ? uiLabels.hidePassword : uiLabels.showPassword}
          isDisabled={props.isDisabled ?? false}
          onPress={() => setVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          <span>{isVisible ? uiLabels.hide : uiLabels.show}</span>
        </AriaButton>
      }
    />
  );
}
