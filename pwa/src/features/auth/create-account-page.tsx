import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  accountMessages,
  checkCreateAccountForm,
  createAccountPayload,
  phoneDigits,
  type CreateAccountField,
  type CreateAccountForm,
} from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import { Button, Checkbox, EmptyState, TextField, showToast } from '../../ui';
import { AccountSetupModal } from './account-setup-modal';
import { useAuthModals } from './auth-modal-state';
import { BusinessFields, OptionSelect } from './business-fields';
import { EmailTakenMessage } from './email-taken-message';
import { referralCode } from './referral-code';
import { SignUpClaims } from './sign-up-claims';
import { submitSignUp } from './sign-up-submit';
import { useSignUpLists } from './use-sign-up-lists';
import './auth.css';
import { NewPasswordFields } from './new-password-fields';

const EMPTY: Omit<CreateAccountForm, 'email'> = {
  first_name: '',
  last_name: '',
  company_name: '',
  business: '',
  other_business_type: '',
  events_per_year: '',
  storefront_type: '',
  expenses: '',
  heard_from: '',
  resale_number: '',
  zipcode: '',
  mobile_phone: '',
  website: '',
  agree_terms: false,
  agree_text_messages: false,
  password: '',
  password_repeat: '',
  hunter: '',
};

/**
 * 'Create your account' (spec §2 create-account page v2): every §5 rule with its message as the
 * visitor submits, the Work Email read-only (the last email used), a contact owner in hunter
 * mode, and 'Continue to see prices'. A signed-in guest upgrades here, keeping its cart.
 */
export function CreateAccountPage() {
  const session = useSession();
  const navigate = useNavigate();
  const modals = useAuthModals();
  const [params] = useSearchParams();
  const hunterMode = params.get('signup') === 'hunter';
  const guest = session?.user.metadata.guest === true ? session.user : null;
  const email = guest?.email ?? sessionStore.lastEmail();
  const [form, setForm] = useState<Omit<CreateAccountForm, 'email'>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CreateAccountField, string | undefined>>>({});
  const [emailTaken, setEmailTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const { owners } = useSignUpLists(hunterMode);
  const referral = referralCode();

  if (session && !guest) return <Navigate to="/shopping/home" replace />;
  if (!email) {
    return (
      <section className="create-account">
        <EmptyState
          title="Start with your email"
          action={<Button onPress={() => modals.open({ kind: 'login' })}>Sign up or log in</Button>}
        >
          Enter your work email first; we then ask for the rest.
        </EmptyState>
      </section>
    );
  }

  const set =
    <Field extends keyof typeof form>(field: Field) =>
    (value: (typeof form)[Field]) => {
      setForm((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const submit = async (): Promise<void> => {
    const values: CreateAccountForm = { ...form, email };
    const check = checkCreateAccountForm(values, { hunterMode });
    setErrors(check.fields);
    setEmailTaken(false);
    if (check.toast) showToast({ title: check.toast, variant: 'error' });
    if (check.toast || Object.keys(check.fields).length > 0) return;
    setBusy(true);
    const outcome = await submitSignUp(
      createAccountPayload(values, { reCaptchaToken: '', referral, hunterMode }),
      { upgradeGuest: guest !== null, onSetupStart: () => setSettingUp(true) },
    );
    setSettingUp(false);
    setBusy(false);
    if (outcome.kind === 'signed_in') void navigate('/shopping/home');
    else if (outcome.kind === 'email_taken') setEmailTaken(true);
    else if (outcome.kind === 'field_errors') setErrors(outcome.errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void submit();
  };

  return (
    <section className="create-account" aria-labelledby="create-account-title">
      <div className="create-account__intro">
        <h1 id="create-account-title">{accountMessages.createYourAccount}</h1>
        <p>See live prices from more than 100 farms and order for your delivery date.</p>
        <SignUpClaims />
        {referral && (
          <p className="auth-note auth-note--highlight">
            A friend referred you: your first order is 15% off.
          </p>
        )}
      </div>
      <Form
        onSubmit={onSubmit}
        className="auth-form create-account__form"
        validationBehavior="aria"
      >
        <div className="auth-form__row">
          <TextField
            label="First Name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
            errorMessage={errors.first_name}
            isRequired
          />
          <TextField
            label="Last Name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
            errorMessage={errors.last_name}
            isRequired
          />
        </div>
        <TextField
          label="Company Name"
          autoComplete="organization"
          value={form.company_name}
          onChange={set('company_name')}
          errorMessage={errors.company_name}
          isRequired
        />
        <BusinessFields
          values={form}
          errors={errors}
          onChange={(patch) => {
            setForm((current) => ({ ...current, ...patch }));
            setErrors((current) => ({
              ...current,
              business: undefined,
              events_per_year: undefined,
              storefront_type: undefined,
            }));
          }}
        />
        <TextField
          label="Resale Number/BIN/EIN/Tax ID"
          value={form.resale_number}
          onChange={set('resale_number')}
          errorMessage={errors.resale_number}
          isRequired
        />
        <div className="auth-form__row">
          <TextField
            label="Zip Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={form.zipcode}
            onChange={set('zipcode')}
            errorMessage={errors.zipcode}
            isRequired
          />
          <TextField
            label="Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={form.mobile_phone}
            onChange={(value) => set('mobile_phone')(phoneDigits(value))}
            errorMessage={errors.mobile_phone}
            isRequired
          />
        </div>
        <TextField
          label="Work Email"
          type="email"
          value={email}
          isReadOnly
          isInvalid={emailTaken || Boolean(errors.email)}
          errorMessage={errors.email}
          isRequired
        />
        {emailTaken && (
          <div role="alert" className="auth-form__alert">
            <EmailTakenMessage
              onLogin={() => modals.open({ kind: 'login', email, step: 'password' })}
            />
          </div>
        )}
        <TextField
          label="Website"
          description="Optional"
          type="url"
          inputMode="url"
          value={form.website}
          onChange={set('website')}
          errorMessage={errors.website}
        />
        <NewPasswordFields
          password={form.password}
          repeat={form.password_repeat}
          onPasswordChange={set('password')}
          onRepeatChange={set('password_repeat')}
          passwordError={errors.password}
          repeatError={errors.password_repeat}
        />
        {hunterMode && (
          <OptionSelect
            label="Contact owner"
            options={owners ?? []}
            value={form.hunter}
            onChange={set('hunter')}
            error={errors.hunter}
          />
        )}
        <div className="auth-form__checks">
          <Checkbox
            isSelected={form.agree_terms}
            onChange={set('agree_terms')}
            isRequired
            isInvalid={Boolean(errors.agree_terms)}
          >
            I accept the terms of use and I buy for a business.
          </Checkbox>
          {errors.agree_terms && (
            <p className="auth-form__error" role="alert">
              {errors.agree_terms}
            </p>
          )}
          <Checkbox isSelected={form.agree_text_messages} onChange={set('agree_text_messages')}>
            Send me text messages about my orders and offers (optional).
          </Checkbox>
        </div>
        <Button type="submit" isPending={busy} size="lg">
          {accountMessages.continueToSeePrices}
        </Button>
      </Form>
      <AccountSetupModal isOpen={settingUp} />
    </section>
  );
}
