import type { SignUpPayload, SignUpPayloadInput, SignUpTracking } from '../schemas/accounts';
import { asksStoreCount, followUpOf } from '../business-options';
import {
  checkCreateAccountForm,
  checkOlderSignUpForm,
  type CreateAccountForm,
  type FormCheck,
  type OlderSignUpForm,
  type SignUpCheckOptions,
  stateProblem,
} from './signup-validation';

/**
 * Turning the sign-up forms into the spec §3 payload, and checking a payload with the rules of
 * the form that sent it (the server does this, so the same §5 messages come back).
 */

/** Extras a sign-up carries from the URL and the page rather than from the form's fields. */
export interface SignUpExtras {
  reCaptchaToken: string;
  referral?: string | undefined;
  /**
   * `?signup=hunter`: sends created_by_hunter and the contact owner, which the server keeps only
   * from a signed-in staff caller (spec §6) and drops from anyone else.
   */
  hunterMode?: boolean;
  /** The UTM parameters and hutk the visitor arrived with in this visit (spec §2). */
  tracking?: SignUpTracking;
}

function shared(extras: SignUpExtras) {
  return {
    reCaptchaToken: extras.reCaptchaToken,
    ...(extras.referral ? { referral: extras.referral } : {}),
    ...(extras.hunterMode ? { created_by_hunter: true } : {}),
    ...extras.tracking,
  };
}

/** The optional §9 answers (expense band, how they heard of us); unanswered ones are left out. */
function optionalQuestions(form: { expenses?: string; heard_from?: string }) {
  return {
    ...(form.expenses ? { expenses: form.expenses as SignUpPayload['expenses'] } : {}),
    ...(form.heard_from ? { heard_from: form.heard_from as SignUpPayload['heard_from'] } : {}),
  };
}

/**
 * The optional §9 questions both sign-up forms ask: how many stores (a florist's only: a count
 * left from another business type is not sent), employees, and when the first order comes.
 * Unanswered ones are left out.
 */
function businessSizeQuestions(
  form: Pick<
    CreateAccountForm,
    'business' | 'store_count' | 'employee_count' | 'first_order_timing'
  >,
) {
  return {
    ...(form.store_count && asksStoreCount(form.business)
      ? { store_count: form.store_count as SignUpPayload['store_count'] }
      : {}),
    ...(form.employee_count
      ? { employee_count: form.employee_count as SignUpPayload['employee_count'] }
      : {}),
    ...(form.first_order_timing
      ? { first_order_timing: form.first_order_timing as SignUpPayload['first_order_timing'] }
      : {}),
  };
}

/**
 * The payload of the create-account page (v2). Only the chosen business type's follow-up is
 * sent: events_per_year for designers, storefront_type for florists (spec §5).
 */
export function createAccountPayload(
  form: CreateAccountForm,
  extras: SignUpExtras,
): SignUpPayloadInput {
  const followUp = followUpOf(form.business);
  const business =
    form.business === 'other' && form.other_business_type
      ? form.other_business_type
      : form.business;
  return {
    signup_form: 'v2',
    email: form.email.trim(),
    password: form.password,
    zipcode: form.zipcode.trim(),
    company_name: form.company_name.trim(),
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    resale_number: form.resale_number.trim(),
    mobile_phone: form.mobile_phone.trim(),
    website: form.website.trim(),
    business: business as SignUpPayload['business'],
    ...(followUp === 'events_per_year' && {
      events_per_year: form.events_per_year as SignUpPayload['events_per_year'],
    }),
    ...(followUp === 'storefront_type' && {
      storefront_type: form.storefront_type as SignUpPayload['storefront_type'],
    }),
    ...optionalQuestions(form),
    ...businessSizeQuestions(form),
    ...(extras.hunterMode && form.hunter ? { hunter: form.hunter } : {}),
    agree_terms: form.agree_terms as true,
    agree_text_messages: form.agree_text_messages,
    from_beta: true,
    ...shared(extras),
  };
}

/** The payload of the older sign-up modal (hunter flow): it also sends city and state. */
export function olderSignUpPayload(
  form: OlderSignUpForm,
  extras: SignUpExtras,
): SignUpPayloadInput {
  return {
    signup_form: 'older',
    email: form.email.trim(),
    password: form.password,
    zipcode: form.zipcode.trim(),
    company_name: form.company_name.trim(),
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    mobile_phone: form.mobile_phone.replace(/\D/g, ''),
    business: form.business as SignUpPayload['business'],
    events_per_year: form.events_per_year as SignUpPayload['events_per_year'],
    storefront_type: form.storefront_type as SignUpPayload['storefront_type'],
    ...(form.business === 'other' ? { others_business: form.others_business.trim() } : {}),
    ...optionalQuestions(form),
    ...businessSizeQuestions(form),
    city: form.city.trim(),
    state: form.state,
    ...(extras.hunterMode && form.hunter ? { hunter: form.hunter } : {}),
    agree_terms: true,
    agree_text_messages: false,
    ...shared(extras),
  };
}

/**
 * A payload as the rules read it: the schema's output, or, when the schema refused what a caller
 * sent, its text as sent (list answers as plain text), so the server can answer the rule's
 * message for the refused field.
 */
export type SignUpPayloadToCheck = Omit<
  SignUpPayload,
  'business' | 'events_per_year' | 'storefront_type' | 'agree_terms'
> & {
  business: string;
  events_per_year?: string | undefined;
  storefront_type?: string | undefined;
  agree_terms: boolean;
};

/**
 * The §5 rules of the form that sent `payload`, run on the payload itself. Passwords arrive once,
 * so the repeat is taken as equal; the server checks the rest exactly as the form did. A v2
 * payload does not send a state, but one that does is held to the older form's state rule.
 */
export function checkSignUpPayload(
  payload: SignUpPayloadToCheck,
  options: SignUpCheckOptions = {},
): FormCheck<string> {
  const hunterMode = options.hunterMode ?? payload.created_by_hunter ?? false;
  const checkOptions = { ...options, hunterMode };
  if (payload.signup_form === 'older') {
    return checkOlderSignUpForm(
      {
        first_name: payload.first_name,
        last_name: payload.last_name,
        company_name: payload.company_name,
        email: payload.email,
        email_confirm: payload.email,
        mobile_phone: payload.mobile_phone,
        zipcode: payload.zipcode,
        city: payload.city ?? '',
        state: payload.state ?? '',
        business: payload.business,
        others_business: payload.others_business ?? '',
        events_per_year: payload.events_per_year ?? '',
        storefront_type: payload.storefront_type ?? '',
        password: payload.password,
        password_repeat: payload.password,
        hunter: payload.hunter ?? '',
      },
      checkOptions,
    );
  }
  const isMain = payload.business === 'florist' || payload.business === 'wedding_event_designer';
  const check = checkCreateAccountForm(
    {
      first_name: payload.first_name,
      last_name: payload.last_name,
      company_name: payload.company_name,
      business: isMain || payload.business === '' ? payload.business : 'other',
      other_business_type: isMain ? '' : payload.business,
      events_per_year: payload.events_per_year ?? '',
      storefront_type: payload.storefront_type ?? '',
      resale_number: payload.resale_number,
      zipcode: payload.zipcode,
      email: payload.email,
      mobile_phone: payload.mobile_phone,
      website: payload.website,
      agree_terms: payload.agree_terms,
      agree_text_messages: payload.agree_text_messages,
      password: payload.password,
      password_repeat: payload.password,
      hunter: payload.hunter ?? '',
    },
    checkOptions,
  );
  const state = payload.state ? stateProblem(payload.state) : null;
  return state ? { ...check, fields: { ...check.fields, state } } : check;
}
