import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import { AlertIcon } from './icons';
import './field.css';

/**
 * What a field shows when invalid: a fixed text (a server or domain error, which also marks the
 * field invalid) or a function of the built-in validation result.
 */
export type FieldErrorMessageValue = string | ((validation: ValidationResult) => string);

/** The props every labelled kit field adds to its react-aria base. */
export interface FieldTextProps {
  label?: ReactNode | undefined;
  /** Help text under the control, linked with `aria-describedby`. */
  description?: ReactNode | undefined;
  errorMessage?: FieldErrorMessageValue | undefined;
}

/**
 * `{ isInvalid: true }` when a fixed error text is given and the caller did not decide validity
 * itself; otherwise nothing, so react-aria's built-in validation stays in charge.
 */
export function invalidWhenMessaged(
  isInvalid: boolean | undefined,
  errorMessage: FieldErrorMessageValue | undefined,
): { isInvalid?: boolean } {
  if (isInvalid !== undefined) return { isInvalid };
  return typeof errorMessage === 'string' && errorMessage !== '' ? { isInvalid: true } : {};
}

/** A field label; `isRequired` adds the red asterisk (the input itself carries `required`). */
export function FieldLabel({
  isRequired,
  children,
}: {
  isRequired?: boolean;
  children: ReactNode;
}) {
  return (
    <Label className="sl-field__label">
      {children}
      {isRequired && (
        <span className="sl-field__required" aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
}

/** Help text for the enclosing react-aria field. */
export function FieldDescription({ children }: { children: ReactNode }) {
  return (
    <Text slot="description" className="sl-field__description">
      {children}
    </Text>
  );
}

/**
 * The enclosing field's error, shown only while it is invalid, with an icon so it is not told by
 * colour alone. It sits in a polite live region, so it is announced when it appears.
 */
export function FieldErrorMessage({
  errorMessage,
}: {
  errorMessage?: FieldErrorMessageValue | undefined;
}) {
  return (
    <div className="sl-field__error-region" aria-live="polite">
      <FieldError className="sl-field__error">
        {(validation) => (
          <>
            <AlertIcon className="sl-field__error-icon" />
            <span>
              {typeof errorMessage === 'function'
                ? errorMessage(validation)
                : errorMessage || validation.validationErrors.join(' ')}
            </span>
          </>
        )}
      </FieldError>
    </div>
  );
}
