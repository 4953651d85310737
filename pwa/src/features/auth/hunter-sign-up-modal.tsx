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
import {
  Button,
  FormRow,
  NameFields,
  NewPasswordFields,
  OptionSelect,
  SubmitForm,
  TextField,
  useFieldForm,
} from '../../ui';
import { AccountSetupModal } from './account-setup-modal';
import { takeRedirect } from './arrival-params';
import { AuthModalDialog } from './auth-modal-dialog';
import { BusinessSizeQuestions } from './business-size-questions';
import type { AuthModals } from './auth-modal-state';
import { ContactOwnerSelect } from './contact-owner-select';
import { EmailTakenMessage } from './email-taken-message';
import { useCrmContactStep } from './hunter-crm-contact';
import { referralCode } from './referral-code';
import { useRepSignIn } from './rep-sign-in';
import { SignUpClaims } from './sign-up-claims';
import { SignUpQuestions } from './sign-up-questions';
import { signUpTracking } from './sign-up-tracking';
import { useSignUpLists } from './use-sign-up-lists';
import { useSignUpSubmission } from './use-sign-up-submission';
import { cmsPath } from '../cms/cms-page-list';

const HELP_PHONE = '+1 (305) 555-0142';

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
  expenses: '',
  heard_from: '',
  store_count: '',
  employee_count: '',
  first_order_timing: '',
  password: '',
  password_repeat: '',
  hunter: '',
};

/**
 * The older sign-up modal of the hunter flow (`?signup=hunter`, spec §2): a sales rep signs a
 * customer up, choosing the contact owner; the account is marked created_by_hunter. Extra
 * fields: confirm email, city, state, events per year, storefront type and 'others' text; the
 * same optional questions as 'Create your account' (expense band, how they heard of us, store
 * count, employees, first-order timing), with the same components.
 * The rep signs in with their own staff account for this one sign-up, since the server keeps the
 * contact owner and created_by_hunter only from staff. With the rep's session the email is first
 * looked up in the CRM (hunter-crm-contact.ts): a contact another owner holds is shown with that
 * owner chosen, a new one is recorded with the rep and the owner. 'Start shopping »' then signs
 * the new customer in on this device, and the rep's session is ended.
 */
export function HunterSignUpModal({ isOpen, modals }: { isOpen: boolean; modals: AuthModals }) {
  const navigate = useNavigate();
  const fields = useFieldForm<OlderSignUpForm>(EMPTY);
  const { values: form, set, bind, bindSelect } = fields;
  const sending = useSignUpSubmission(fields.setErrors, { upgradeGuest: false });
  const { owners, states } = useSignUpLists(isOpen);
  const rep = useRepSignIn();
  const checkCrm = useCrmContactStep(form, (owner, message) => {
    set('hunter')(owner);
    fields.setErrors({ hunter: message });
  });

  const submit = async (): Promise<void> => {
    const signedIn = await sending.submit(
      checkOlderSignUpForm(form, { hunterMode: true }),
      () =>
        olderSignUpPayload(form, {
          reCaptchaToken: '',
          referral: referralCode(),
          hunterMode: true,
          tracking: signUpTracking(),
        }),
      { signIn: rep.prepare(), beforeSignUp: checkCrm },
    );
    if (!signedIn) return;
    modals.close();
    void navigate(takeRedirect(window.location.origin) ?? '/shopping/home');
  };

  const text = (
    field: Exclude<
      OlderSignUpField,
      'expenses' | 'heard_from' | 'store_count' | 'employee_count' | 'first_order_timing'
    >,
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => <TextField label={label} {...bind(field)} isRequired {...props} />;
  const option = (
    field: 'state' | 'business' | 'events_per_year' | 'storefront_type',
    label: string,
    options: Parameters<typeof OptionSelect>[0]['options'],
  ) => <OptionSelect label={label} options={options} {...bindSelect(field)} />;

  return (
    <AuthModalDialog
      modals={modals}
      isOpen={isOpen}
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
          <a className="sl-link" href={cmsPath('faq')} target="_blank" rel="noopener">
            Frequently asked questions
          </a>
        </aside>
        <SubmitForm busy={sending.busy} onSubmit={submit} className="auth-form">
          {rep.fields}
          <ContactOwnerSelect owners={owners} {...bindSelect('hunter')} />
          <NameFields first={bind('first_name')} last={bind('last_name')} autofill="other" />
          {text('company_name', 'Company Name', { autoComplete: 'off' })}
          <FormRow>
            {text('email', 'Email', { type: 'email', autoComplete: 'off' })}
            {text('email_confirm', 'Confirm email', { type: 'email', autoComplete: 'off' })}
          </FormRow>
          {sending.emailTaken && (
            <div role="alert" className="auth-form__alert">
              <EmailTakenMessage
                onLogin={() => modals.open({ kind: 'login', email: form.email, step: 'password' })}
              />
            </div>
          )}
          <FormRow>
            {text('mobile_phone', 'Mobile phone', {
              type: 'tel',
              inputMode: 'tel',
              onChange: (value) => set('mobile_phone')(phoneDigits(value)),
            })}
            {text('zipcode', 'Zip Code', { inputMode: 'numeric', maxLength: 5 })}
          </FormRow>
          <FormRow>
            {text('city', 'City')}
            {option('state', 'State', states)}
          </FormRow>
          {option('business', 'Business Type', MAIN_BUSINESS_TYPES)}
          {form.business === 'other' && text('others_business', 'What is your business?')}
          <FormRow>
            {option('events_per_year', 'Events per year', EVENTS_PER_YEAR)}
            {option('storefront_type', 'Storefront type', STOREFRONT_TYPES)}
          </FormRow>
          <SignUpQuestions
            expenses={form.expenses ?? ''}
            heardFrom={form.heard_from ?? ''}
            onChange={(changes) => fields.patch(changes)}
          />
          <BusinessSizeQuestions
            business={form.business}
            values={form}
            onChange={(changes) => fields.patch(changes)}
          />
          <NewPasswordFields password={bind('password')} repeat={bind('password_repeat')} />
          <Button type="submit" isPending={sending.busy} size="lg">
            {accountMessages.startShopping}
          </Button>
        </SubmitForm>
      </div>
      <AccountSetupModal isOpen={sending.settingUp} />
    </AuthModalDialog>
  );
}
