import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  accountMessages,
  checkCreateAccountForm,
  createAccountPayload,
  phoneDigits,
  type CreateAccountField,
  type CreateAccountForm,
} from '@stemline/shared';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { sessionStore } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import {
  Button,
  Checkbox,
  EmptyState,
  FormRow,
  Link,
  NameFields,
  NewPasswordFields,
  SubmitForm,
  TextField,
  useFieldForm,
} from '../../ui';
import { AccountSetupModal } from './account-setup-modal';
import { takeRedirect } from './arrival-params';
import { useAuthModals } from './auth-modal-state';
import { BusinessFields } from './business-fields';
import { BusinessSizeQuestions } from './business-size-questions';
import { ConfirmEmailPanel } from './confirm-email';
import { ContactOwnerSelect } from './contact-owner-select';
import { EmailTakenMessage } from './email-taken-message';
import { useCrmContactStep } from './hunter-crm-contact';
import { cleanReferralCode, referralCode } from './referral-code';
import { ReferralNotice, useReferralCheck } from './referral-notice';
import { useRepSignIn } from './rep-sign-in';
import { SignUpClaims } from './sign-up-claims';
import { SignUpQuestions } from './sign-up-questions';
import { signUpTracking } from './sign-up-tracking';
import { useSignUpLists } from './use-sign-up-lists';
import { ZipcodeAvailability } from '../delivery/zipcode-availability';
import { cmsPath } from '../cms/cms-page-list';
import { useSignUpSubmission } from './use-sign-up-submission';
import './auth.css';

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
  store_count: '',
  employee_count: '',
  first_order_timing: '',
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
 * mode with the rep's own staff sign-in (rep-sign-in.tsx) and the CRM check of the hunter modal
 * (hunter-crm-contact.ts), and 'Continue to see prices'. A signed-in guest upgrades here,
 * keeping its cart, and is asked no contact owner even in hunter mode: the upgrade is the
 * guest's own call, from which the server keeps no owner.
 */
export function CreateAccountPage() {
  const session = useSession();
  const navigate = useNavigate();
  const modals = useAuthModals();
  const [params] = useSearchParams();
  const guest = session?.user.metadata.guest === true ? session.user : null;
  const email = guest?.email ?? sessionStore.lastEmail();
  const fields = useFieldForm<Omit<CreateAccountForm, 'email'>, CreateAccountField>(EMPTY);
  const { values: form, errors, set, bind } = fields;
  // The address's own code first: UrlFlows keeps it only after this page's first render.
  const referral = useReferralCheck(
    cleanReferralCode(params.get('referral_code')) ?? referralCode(),
  );
  const sending = useSignUpSubmission(fields.setErrors, {
    upgradeGuest: guest !== null,
    onReferralUnknown: referral.refused,
  });
  // A guest's upgrade is sent by the guest itself, never by staff, so the server drops a contact
  // owner it names (hunter-fields.ts): no rep signs in for it and no owner is asked.
  const repSignsIn = params.get('signup') === 'hunter' && guest === null;
  const { owners } = useSignUpLists(repSignsIn);
  const rep = useRepSignIn();
  const checkCrm = useCrmContactStep(
    { email: email ?? '', hunter: form.hunter },
    (owner, message) => {
      set('hunter')(owner);
      fields.setErrors({ hunter: message });
    },
  );

  if (session && !guest) return <Navigate to="/shopping/home" replace />;
  // Upgrading sets a password on the account: only whoever reads the mailbox may.
  if (guest && isEmailOnlySession(guest)) {
    return (
      <section className="create-account" aria-labelledby="create-account-title">
        <h1 id="create-account-title">{accountMessages.createYourAccount}</h1>
        <ConfirmEmailPanel user={guest} />
      </section>
    );
  }
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

  const submit = async (): Promise<void> => {
    const values: CreateAccountForm = { ...form, email };
    const signedIn = await sending.submit(
      checkCreateAccountForm(values, { hunterMode: repSignsIn }),
      () =>
        createAccountPayload(values, {
          reCaptchaToken: '',
          referral: referral.toSend,
          hunterMode: repSignsIn,
          tracking: signUpTracking(),
        }),
      repSignsIn ? { signIn: rep.prepare(), beforeSignUp: checkCrm } : undefined,
    );
    if (signedIn) void navigate(takeRedirect(window.location.origin) ?? '/shopping/home');
  };

  return (
    <section className="create-account" aria-labelledby="create-account-title">
      <div className="create-account__intro">
        <h1 id="create-account-title">{accountMessages.createYourAccount}</h1>
        <p>See live prices from more than 100 farms and order for your delivery date.</p>
        <SignUpClaims />
        <ReferralNotice check={referral.check} />
      </div>
      <SubmitForm busy={sending.busy} onSubmit={submit} className="auth-form create-account__form">
        <NameFields first={bind('first_name')} last={bind('last_name')} autofill="own" />
        <TextField
          label="Company Name"
          autoComplete="organization"
          {...bind('company_name')}
          isRequired
        />
        <BusinessFields
          values={form}
          errors={errors}
          onChange={(changes) =>
            fields.patch(changes, ['business', 'events_per_year', 'storefront_type'])
          }
        />
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
        <TextField label="Resale Number/BIN/EIN/Tax ID" {...bind('resale_number')} isRequired />
        <FormRow>
          <TextField
            label="Zip Code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            {...bind('zipcode')}
            isRequired
            description={<ZipcodeAvailability zipcode={form.zipcode} />}
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
        </FormRow>
        <TextField
          label="Work Email"
          type="email"
          value={email}
          isReadOnly
          isInvalid={sending.emailTaken || Boolean(errors.email)}
          errorMessage={errors.email}
          isRequired
        />
        {sending.emailTaken && (
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
          {...bind('website')}
        />
        <NewPasswordFields password={bind('password')} repeat={bind('password_repeat')} />
        {repSignsIn && rep.fields}
        {repSignsIn && <ContactOwnerSelect owners={owners} {...fields.bindSelect('hunter')} />}
        <div className="auth-form__checks">
          <Checkbox
            isSelected={form.agree_terms}
            onChange={set('agree_terms')}
            isRequired
            isInvalid={Boolean(errors.agree_terms)}
          >
            I accept the terms of use and I buy for a business.
            {/* Required, as the fields' labels say it (spec §2). */}
            <span className="sl-field__required" aria-hidden="true">
              *
            </span>
          </Checkbox>
          {/* In a new tab: the form keeps what was typed. */}
          <p className="auth-form__terms-links">
            Read the{' '}
            <Link href={cmsPath('terms')} target="_blank">
              terms of use
            </Link>{' '}
            and the{' '}
            <Link href={cmsPath('privacy')} target="_blank">
              privacy policy
            </Link>{' '}
            (each opens in a new tab).
          </p>
          {errors.agree_terms && (
            <p className="auth-form__error" role="alert">
              {errors.agree_terms}
            </p>
          )}
          <Checkbox isSelected={form.agree_text_messages} onChange={set('agree_text_messages')}>
            Send me text messages about my orders and offers (optional).
          </Checkbox>
        </div>
        <Button type="submit" isPending={sending.busy} size="lg">
          {accountMessages.continueToSeePrices}
        </Button>
      </SubmitForm>
      <AccountSetupModal isOpen={sending.settingUp} />
    </section>
  );
}
