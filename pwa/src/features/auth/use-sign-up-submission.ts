import { useState } from 'react';
import { formIsValid, type FormCheck, type SignUpPayloadInput } from '@stemline/shared';
import { showToast } from '../../ui';
import { authApi } from './auth-api';
import { submitSignUp } from './sign-up-submit';

/**
 * Sending a sign-up form (create account, hunter sign-up) and showing where it stands. Contract
 * of `submit(check, payload, signInStaff?)`: the form's §5 check replaces the field errors (its
 * toast, if any, is shown) and a failed check sends nothing; otherwise `signInStaff` (a hunter
 * sign-up's) signs the sales rep in, and answering null stops there; then the payload is sent
 * with the rep's token, if any, and the setup wait modal (`settingUp`) while the server works,
 * and the rep's session is ended. A taken email sets `emailTaken`, the server's field errors
 * replace the form's; a referral code the server knows no customer by calls `onReferralUnknown`
 * (the form drops the code); it answers true once the new account is signed in.
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
    signInStaff?: () => Promise<string | null>,
  ): Promise<boolean> => {
    setErrors(check.fields);
    setEmailTaken(false);
    if (check.toast) showToast({ title: check.toast, variant: 'error' });
    if (!formIsValid(check)) return false;
    setBusy(true);
    const staffToken = signInStaff ? await signInStaff() : undefined;
    if (staffToken === null) {
      setBusy(false);
      return false;
    }
    const outcome = await submitSignUp(payload(), {
      upgradeGuest: options.upgradeGuest,
      onSetupStart: () => setSettingUp(true),
      staffToken,
    });
    if (staffToken !== undefined) void authApi.endSession(staffToken);
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
