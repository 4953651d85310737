import type { ReactNode } from 'react';
import { TextField } from '../../ui';

/**
 * The required 'Work Email' field of the login and welcome modals, with its error. Contract: a
 * string error is the field's own message (announced, field invalid); any other non-null error
 * (a message with a link, such as 'click here' to log in) marks the field invalid and is shown
 * below it as an alert, so its links stay usable.
 */
export function WorkEmailField({
  value,
  onChange,
  error,
  description,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  description?: string | undefined;
  autoFocus?: boolean | undefined;
}) {
  const invalid = error !== null && error !== undefined;
  return (
    <>
      <TextField
        label="Work Email"
        {...(description !== undefined && { description })}
        type="email"
        name="email"
        autoComplete="email"
        value={value}
        onChange={onChange}
        isInvalid={invalid}
        errorMessage={typeof error === 'string' ? error : undefined}
        {...(autoFocus !== undefined && { autoFocus })}
        isRequired
      />
      {invalid && typeof error !== 'string' && (
        <div role="alert" className="auth-form__alert">
          {error}
        </div>
      )}
    </>
  );
}
