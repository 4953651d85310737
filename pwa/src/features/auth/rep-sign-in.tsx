import { useState, type ReactNode } from 'react';
import { messages } from '@stemline/shared';
import { FormRow, PasswordField, TextField } from '../../ui';
import { signInStaff, type RepSession } from './staff-sign-in';

/**
 * The sales rep's own sign-in on a hunter sign-up form (`?signup=hunter`): the server keeps the
 * contact owner and created_by_hunter only from a signed-in staff caller (spec §6), and this
 * device is no staff member's, so the rep signs in for the one sign-up. `fields` are the rep's
 * email and password; `prepare()`, called as the form is sent, marks the empty ones and answers
 * the step `useSignUpSubmission` runs once the form's own check passes: the rep's session, or
 * null (the message shown by the rep's fields) to send nothing.
 */
export function useRepSignIn(): {
  fields: ReactNode;
  prepare: () => () => Promise<RepSession | null>;
} {
  const [rep, setRep] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const prepare = () => {
    const missing = {
      ...(rep.email.trim() === '' && { email: messages.fieldRequired }),
      ...(rep.password === '' && { password: messages.enterPassword }),
    };
    setErrors(missing);
    return async (): Promise<RepSession | null> => {
      if (missing.email || missing.password) return null;
      const session = await signInStaff(rep.email, rep.password);
      if (session.ok) return { token: session.token, userKey: session.userKey };
      setErrors({ password: session.message });
      return null;
    };
  };

  const fields = (
    <FormRow>
      <TextField
        label="Your staff email"
        type="email"
        autoComplete="username"
        value={rep.email}
        onChange={(email) => setRep({ ...rep, email })}
        errorMessage={errors.email}
        isRequired
      />
      <PasswordField
        label="Your staff password"
        value={rep.password}
        onChange={(password) => setRep({ ...rep, password })}
        errorMessage={errors.password}
        isRequired
      />
    </FormRow>
  );
  return { fields, prepare };
}
