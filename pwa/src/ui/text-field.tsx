import type { ReactNode } from 'react';
import {
  Input,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { withBaseClass } from './class-names';
import {
  FieldDescription,
  FieldErrorMessage,
  FieldLabel,
  invalidWhenMessaged,
  type FieldTextProps,
} from './field';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'>, FieldTextProps {
  placeholder?: string | undefined;
  /** Content inside the input's box after the text, e.g. a unit or a toggle button. */
  suffix?: ReactNode | undefined;
}

/**
 * A labelled single-line text input (any `type`: text, email, password, tel, search…). A string
 * `errorMessage` marks it invalid and is shown and announced; `isRequired` shows a red asterisk.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  suffix,
  className,
  isInvalid,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      {...invalidWhenMessaged(isInvalid, errorMessage)}
      className={withBaseClass('sl-field', className)}
    >
      {label !== undefined && (
        <FieldLabel isRequired={props.isRequired ?? false}>{label}</FieldLabel>
      )}
      <div className="sl-field__control">
        <Input className="sl-input" {...(placeholder !== undefined && { placeholder })} />
        {suffix}
      </div>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
    </AriaTextField>
  );
}
