import { useEffect, useRef, type ReactNode } from 'react';
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
 *
 * `autoFocus` focuses the input when it mounts, at once. react-aria's own autoFocus waits, after
 * an interaction it takes for a screen reader's (and Enter in a field submits through a click it
 * takes for one), until no CSS transition runs anywhere on the page — which, while a progress bar
 * animates as the catalogue loads, can be never: the log-in's password step then had no focus.
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  suffix,
  className,
  isInvalid,
  autoFocus,
  ...props
}: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const focusOnMount = useRef(autoFocus === true);
  useEffect(() => {
    if (focusOnMount.current) input.current?.focus();
  }, []);
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
        <Input
          ref={input}
          className="sl-input"
          {...(placeholder !== undefined && { placeholder })}
        />
        {suffix}
      </div>
      {description !== undefined && <FieldDescription>{description}</FieldDescription>}
      <FieldErrorMessage errorMessage={errorMessage} />
    </AriaTextField>
  );
}
