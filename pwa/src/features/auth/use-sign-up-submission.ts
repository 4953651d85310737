import { useState } from 'react';
import { formIsValid, type FormCheck, type SignUpPayloadInput } from '@stemline/shared';
import { showToast } from '../../ui';
import { authApi } from './auth-api';
import { submitSignUp } from './sign-up-submit';
import type { RepSession } from './staff-sign-in';

/** A hunter sign-up's steps with the sales rep's own session (rep-sign-in.tsx). */
export interface RepSteps {
  /** Signs the rep in; null stops the sign-up (the rep's fields say why). */
  signIn: () => Promise<RepSession | null>;
  /** Runs with the rep's session before the payload is sent; false stops the sign-up. */
  beforeSignUp?: (rep: RepSession) => Promise<boolean>;
}

/**
 * Sending a sign-up form (create account, hunter sign-up) and showing where it stands. Contract of
 * `submit(check, payload, rep?)`: the form's §5 check replaces the field errors (its toast, if any,
 * is shown) and a failed check sends nothing; otherwise `rep.signIn` (a hunter sign-up's) signs the
 * sales rep in and `rep.beforeSignUp` runs, either stopping there; then the payload is sent with
 * the rep's token, if any, and the setup wait modal (`settingUp`) while the server works, and the
 * rep's session is ended whatever came of it. A taken email sets `emailTaken`, the server's field
 * errors replace the form's; a referral code the server knows no customer by calls
 * `onReferralUnknown` (the form drops the code); it answers true once the new account is signed in.
 */
export function useSignUpSubmission<Field extends string>(
  setErrors: (errors: Partial<Record<Field, string | undefined>>) => void,
  options: { upgradeGuest: boolean; onReferralUnknown?: () => void },
) {
  const [emailTaken, setEmailTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [settingUp, setSettingUp] = useState(false);

  const submit = async (
    check: FormCheck<Field>,
    payload: () => Omit<SignUpPayloadInput, 'reCaptchaToken'>,
    rep?: RepSteps,
  ): Promise<boolean> => {
    setErrors(check.fields);
    setEmailTaken(false);
    if (check.toast) showToast({ title: check.toast, variant: 'error' });
    if (!formIsValid(check)) return false;
    setBusy(true);
    const session = rep ? await rep.signIn() : undefined;
    const goOn =
      session !== null && (session === undefined || (await (rep?.beforeSignUp?.(session) ?? true)));
    if (!goOn) {
      if (session) void authApi.endSession(session.token);
      setBusy(false);
      return false;
    }
    const outcome = await submitSignUp(payload(), {
      upgradeGuest: options.upgradeGuest,
      onSetupStart: () => setSettingUp(true),
      staffToken: session?.token,
    });
    if (session) void authApi.endSession(session.token);
    setSettingUp(false);
    setBusy(false);
    if (outcome.kind === 'email_taken') setEmailTaken(true);
    else if (outcome.kind === 'referral_unknown') options.onReferralUnknown?.();
    // The server names the same fields as the form's check (shared `checkSignUpPayload`).
    else if (outcome.kind === 'field_errors')
      setErrors(outcome.errors as Partial<Record<Field, string>>);
    return outcome.kind === 'signed_in';
  };

  return { busy, settingUp, emailTaken, submit };
}
