import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { useNavigate } from 'react-router';
import {
  accountMessages,
  checkOlderSignUpForm,
  EVENTS_PER_YEAR,
  MAIN_BUSINESS_TYPES,
  olderSignUpPayload,
  phoneDigits,
  STOREFRONT_TYPES,
  type OlderSignUpField,
  type OlderSignUpForm,
} from '@stemline/shared';
import { Button, ModalDialog, TextField, showToast } from '../../ui';
import { AccountSetupModal } from './account-setup-modal';
import type { AuthModals } from './auth-modal-state';
import { OptionSelect } from './business-fields';
import { EmailTakenMessage } from './email-taken-message';
import { referralCode } from './referral-code';
import { SignUpClaims } from './sign-up-claims';
import { submitSignUp } from './sign-up-submit';
import { useSignUpLists } from './use-sign-up-lists';
import { NewPasswordFields } from './new-password-fields';

const HELP_PHONE = '+1 (305) 555-0142';
const FAQ_URL = 'https://help.stemline.example/faq';

const EMPTY: OlderSignUpForm = {
  first_name: '',
  last_name: '',
  company_name: '',
  email: '',
  email_confirm: '',
  mobile_phone: '',
  zipcode: '',
  city: '',
  state: '',
  business: '',
  others_business: '',
  events_per_year: '',
  storefront_type: '',
  password: '',
  password_repeat: '',
  hunter: '',
};

/**
 * The older sign-up modal of the hunter flow (`?signup=hunter`, spec §2): a sales rep signs a
 * customer up, choosing the contact owner; the account is marked created_by_hunter. Extra
 * fields: confirm email, city, state, events per year, storefront type and 'others' text.
 * 'Start shopping »' signs the new customer in on this device.
 */
export function HunterSignUpModal({ isOpen, modals }: { isOpen: boolean; modals: AuthModals }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<OlderSignUpForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<OlderSignUpField, string | undefined>>>({});
  const [emailTaken, setEmailTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const { owners, states } = useSignUpLists(isOpen);

  const set =
    <Field extends OlderSignUpField>(field: Field) =>
    (value: string) => {
      setForm((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const submit = async (): Promise<void> => {
    const check = checkOlderSignUpForm(form, { hunterMode: true });
    setErrors(check.fields);
    setEmailTaken(false);
    if (check.toast) showToast({ title: check.toast, variant: 'error' });
    if (check.toast || Object.keys(check.fields).length > 0) return;
    setBusy(true);
    const outcome = await submitSignUp(
      olderSignUpPayload(form, { reCaptchaToken: '', referral: referralCode(), hunterMode: true }),
      { upgradeGuest: false, onSetupStart: () => setSettingUp(true) },
    );
    setSettingUp(false);
    setBusy(false);
    if (outcome.kind === 'signed_in') {
      modals.close();
      void navigate('/shopping/home');
    } else if (outcome.kind === 'email_taken') setEmailTaken(true);
    else if (outcome.kind === 'field_errors') setErrors(outcome.errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!busy) void submit();
  };

  const text = (
    field: OlderSignUpField,
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      value={form[field]}
      onChange={set(field)}
      errorMessage={errors[field]}
      isRequired
      {...props}
    />
  );

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) modals.close();
      }}
      title="Sign up a customer"
      subtitle="Hunter sign-up: the new account is recorded as created by a sales rep."
      size="lg"
    >
      <div className="hunter-sign-up">
        <aside className="hunter-sign-up__panel" aria-label="About Stemline">
          <p className="hunter-sign-up__headline">Over 9,000 products from 100+ farms</p>
          <SignUpClaims />
          <p>
            Need help? Call <a href={`tel:${HELP_PHONE.replace(/[^\d+]/g, '')}`}>{HELP_PHONE}</a>
          </p>
          <a className="sl-link" href={FAQ_URL} target="_blank" rel="noopener noreferrer">
            Frequently asked questions
          </a>
        </aside>
        <Form onSubmit={onSubmit} className="auth-form" validationBehavior="aria">
          <OptionSelect
            label="Contact owner"
            options={owners ?? []}
            value={form.hunter}
            onChange={set('hunter')}
            error={errors.hunter}
          />
          <div className="auth-form__row">
            {text('first_name', 'First Name', { autoComplete: 'off' })}
            {text('last_name', 'Last Name', { autoComplete: 'off' })}
          </div>
          {text('company_name', 'Company Name', { autoComplete: 'off' })}
          <div className="auth-form__row">
            {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
            {text('email_confirm', 'Confirm email', { type: 'email', autoComplete: 'off' })}
          </div>
          {emailTaken && (
            <div role="alert" className="auth-form__alert">
              <EmailTakenMessage
                onLogin={() => modals.open({ kind: 'login', email: form.email, step: 'password' })}
              />
            </div>
          )}
          <div className="auth-form__row">
            <TextField
              label="Mobile phone"
              type="tel"
              inputMode="tel"
              value={form.mobile_phone}
              onChange={(value) => set('mobile_phone')(phoneDigits(value))}
              errorMessage={errors.mobile_phone}
              isRequired
            />
            {text('zipcode', 'Zip Code', { inputMode: 'numeric', maxLength: 5 })}
          </div>
          <div className="auth-form__row">
            {text('city', 'City')}
            <OptionSelect
              label="State"
              options={states}
              value={form.state}
              onChange={set('state')}
              error={errors.state}
            />
          </div>
          <OptionSelect
            label="Business Type"
            options={MAIN_BUSINESS_TYPES}
            value={form.business}
            onChange={set('business')}
            error={errors.business}
          />
          {form.business === 'other' && text('others_business', 'What is your business?')}
          <div className="auth-form__row">
            <OptionSelect
              label="Events per year"
              options={EVENTS_PER_YEAR}
              value={form.events_per_year}
              onChange={set('events_per_year')}
              error={errors.events_per_year}
            />
            <OptionSelect
              label="Storefront type"
              options={STOREFRONT_TYPES}
              value={form.storefront_type}
              onChange={set('storefront_type')}
              error={errors.storefront_type}
            />
          </div>
          <NewPasswordFields
            password={form.password}
            repeat={form.password_repeat}
            onPasswordChange={set('password')}
            onRepeatChange={set('password_repeat')}
            passwordError={errors.password}
            repeatError={errors.password_repeat}
          />
          <Button type="submit" isPending={busy} size="lg">
            {accountMessages.startShopping}
          </Button>
        </Form>
      </div>
      <AccountSetupModal isOpen={settingUp} />
    </ModalDialog>
  );
}
