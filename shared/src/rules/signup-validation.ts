import { accountMessages, deliveryMessages, messages } from '../messages';
// zod's own address pattern, which `emailSchema` (schemas/auth-calls.ts) checks with: the same
// rule, without building zod's classic schemas where the check runs (the log-in and welcome
// modals, which load as the app starts: issue 28).
import { regexes } from 'zod/v4/core';
import {
  BUSINESS_TYPE_VALUES,
  EVENTS_PER_YEAR_VALUES,
  followUpOf,
  STOREFRONT_TYPE_VALUES,
} from '../business-options';
import { isUsStateCode } from '../us-states';

/**
 * Spec §5 rules of the sign-up, log-in and password forms as pure functions. The PWA runs them
 * as the visitor types; the server runs the same ones on what arrives and answers the first
 * message. Each answers the exact spec text, or null when the value passes.
 */

/** Field errors by field name, and a toast for the rules the spec shows as one. */
export interface FormCheck<Field extends string> {
  fields: Partial<Record<Field, string>>;
  toast: string | null;
}

/** True when a check found nothing to say. */
export function formIsValid<Field extends string>(check: FormCheck<Field>): boolean {
  return check.toast === null && Object.keys(check.fields).length === 0;
}

/** The first message of a check (toast first): what a server answers in `error`. */
export function firstProblem<Field extends string>(check: FormCheck<Field>): string | null {
  return check.toast ?? Object.values<string | undefined>(check.fields).find(Boolean) ?? null;
}

/** The domain of an email, lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** True when the email's domain is one of `domains` or a subdomain of one. */
export function emailOnDomain(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  if (!domain) return false;
  return domains.some((listed) => {
    const wanted = listed.trim().toLowerCase();
    return wanted !== '' && (domain === wanted || domain.endsWith(`.${wanted}`));
  });
}

/**
 * The email rules: required, no space, the address pattern, and not on a fake domain (the list
 * comes from config; the PWA passes none and leaves that part to the server).
 */
export function emailProblem(
  email: string,
  fakeEmailDomains: readonly string[] = [],
): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return accountMessages.enterEmailAddress;
  if (/\s/.test(trimmed)) return messages.emailHasSpace;
  if (!regexes.email.test(trimmed.toLowerCase())) return messages.invalidEmail;
  if (emailOnDomain(trimmed, fakeEmailDomains)) return messages.emailDoesNotSeemRight;
  return null;
}

/** True for NA, N/A, n/a, na… (case-insensitive, trimmed), which the spec refuses as a name. */
export function isPlaceholderCompanyName(name: string): boolean {
  return /^n\/?a$/i.test(name.trim());
}

/** Zip code: required, exactly five digits. */
export function zipCodeProblem(zipcode: string): string | null {
  const trimmed = zipcode.trim();
  if (trimmed === '') return accountMessages.enterZipCode;
  return /^\d{5}$/.test(trimmed) ? null : accountMessages.zipCodeFiveDigits;
}

/** Strips a phone number to its digits, as the phone inputs do while typing (spec §5). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The most digits a phone number has: E.164 caps international numbers at 15, so a longer one
 * cannot be dialled (a slip of the keyboard, or junk).
 */
export const PHONE_DIGITS_MAX = 15;

/**
 * Create-account phone: required, digits only, at least 10 of them (the spec's message), and at
 * most `PHONE_DIGITS_MAX`, which gets its own message saying so.
 */
export function phoneProblem(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\d{10,}$/.test(trimmed)) return accountMessages.enterPhoneNumber;
  return trimmed.length > PHONE_DIGITS_MAX ? accountMessages.phoneTooLong(PHONE_DIGITS_MAX) : null;
}

/**
 * Older sign-up form's state: required, and the key of a state record (the state model's keys
 * are the `US_STATES` codes), so no made-up state is stored as the customer's.
 */
export function stateProblem(state: string): string | null {
  const trimmed = state.trim();
  if (trimmed === '') return messages.fieldRequired;
  return isUsStateCode(trimmed) ? null : deliveryMessages.chooseState;
}

/**
 * The business follow-up answers that are kept (spec §5): events_per_year for the wedding and
 * event designer type, storefront_type for the florist shop type; the other is cleared.
 */
export function keptFollowUps<Events, Storefront>(
  business: string,
  answers: { events_per_year?: Events | undefined; storefront_type?: Storefront | undefined },
): { events_per_year?: Events; storefront_type?: Storefront } {
  const followUp = followUpOf(business);
  const { events_per_year, storefront_type } = answers;
  return {
    ...(followUp === 'events_per_year' && events_per_year ? { events_per_year } : {}),
    ...(followUp === 'storefront_type' && storefront_type ? { storefront_type } : {}),
  };
}

const WEBSITE_PATTERN =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;

/** Website: optional; otherwise a valid domain with an optional http:// or https:// prefix. */
export function websiteProblem(website: string): string | null {
  const trimmed = website.trim();
  if (trimmed === '') return null;
  return WEBSITE_PATTERN.test(trimmed) ? null : accountMessages.invalidWebsite;
}

/** A new password and its repeat: required, eight characters at least, equal. */
export function newPasswordProblems(
  password: string,
  repeat: string,
): { password?: string; password_repeat?: string } {
  if (password === '') return { password: messages.enterPassword };
  if (password.length < 8) return { password: accountMessages.passwordMinimum };
  if (repeat === '') return { password_repeat: accountMessages.repeatPassword };
  if (repeat !== password) return { password_repeat: accountMessages.passwordMismatch };
  return {};
}

/** What the create-account page (v2) holds while the visitor types. */
export interface CreateAccountForm {
  first_name: string;
  last_name: string;
  company_name: string;
  /** A main business type ('' until chosen). */
  business: string;
  /** The type picked from the 'Other' list (optional). */
  other_business_type: string;
  events_per_year: string;
  storefront_type: string;
  /** Spec §9 expense band, optional ('' or absent when not answered). */
  expenses?: string;
  /** Spec §9 discoverability source, optional ('' or absent when not answered). */
  heard_from?: string;
  /** Spec §9 store quantity, optional; asked of a florist only (`asksStoreCount`). */
  store_count?: string;
  /** Spec §9 employees, optional. */
  employee_count?: string;
  /** Spec §9 timing to place the first order, optional. */
  first_order_timing?: string;
  resale_number: string;
  zipcode: string;
  email: string;
  mobile_phone: string;
  website: string;
  agree_terms: boolean;
  agree_text_messages: boolean;
  password: string;
  password_repeat: string;
  /** The contact owner (a hunter's user key) in hunter mode. */
  hunter: string;
}
export type CreateAccountField = keyof CreateAccountForm;

export interface SignUpCheckOptions {
  /** `?signup=hunter`: a contact owner is then required. */
  hunterMode?: boolean;
  fakeEmailDomains?: readonly string[];
}

const required = (value: string, message: string): string | null =>
  value.trim() === '' ? message : null;

function compact<Field extends string>(
  entries: [Field, string | null | undefined][],
): Partial<Record<Field, string>> {
  const fields: Partial<Record<Field, string>> = {};
  for (const [field, problem] of entries) if (problem) fields[field] = problem;
  return fields;
}

/** Spec §5 create-account form (v2), every rule with its message. */
export function checkCreateAccountForm(
  form: CreateAccountForm,
  options: SignUpCheckOptions = {},
): FormCheck<CreateAccountField> {
  const followUp = followUpOf(form.business);
  const passwords = newPasswordProblems(form.password, form.password_repeat);
  return {
    toast: isPlaceholderCompanyName(form.company_name) ? accountMessages.companyNameNotNA : null,
    fields: compact<CreateAccountField>([
      ['first_name', required(form.first_name, accountMessages.enterFirstName)],
      ['last_name', required(form.last_name, accountMessages.enterLastName)],
      ['company_name', required(form.company_name, accountMessages.enterCompanyName)],
      ['business', required(form.business, accountMessages.enterBusinessType)],
      [
        'storefront_type',
        followUp === 'storefront_type'
          ? required(form.storefront_type, accountMessages.subQuestionRequired)
          : null,
      ],
      [
        'events_per_year',
        followUp === 'events_per_year'
          ? required(form.events_per_year, accountMessages.subQuestionRequired)
          : null,
      ],
      ['resale_number', required(form.resale_number, accountMessages.enterResaleNumber)],
      ['zipcode', zipCodeProblem(form.zipcode)],
      ['email', emailProblem(form.email, options.fakeEmailDomains)],
      ['mobile_phone', phoneProblem(form.mobile_phone)],
      ['website', websiteProblem(form.website)],
      ['agree_terms', form.agree_terms ? null : messages.fieldRequired],
      ['hunter', options.hunterMode ? required(form.hunter, messages.fieldRequired) : null],
      ['password', passwords.password],
      ['password_repeat', passwords.password_repeat],
    ]),
  };
}

/** What the older sign-up modal (hunter flow) holds. */
export interface OlderSignUpForm {
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  email_confirm: string;
  mobile_phone: string;
  zipcode: string;
  city: string;
  /** The key of a state record. */
  state: string;
  business: string;
  others_business: string;
  events_per_year: string;
  storefront_type: string;
  /** Spec §9 expense band, optional ('' or absent when not answered). */
  expenses?: string;
  /** Spec §9 discoverability source, optional ('' or absent when not answered). */
  heard_from?: string;
  /** Spec §9 store quantity, optional; asked of a florist only (`asksStoreCount`). */
  store_count?: string;
  /** Spec §9 employees, optional. */
  employee_count?: string;
  /** Spec §9 timing to place the first order, optional. */
  first_order_timing?: string;
  password: string;
  password_repeat: string;
  hunter: string;
}
export type OlderSignUpField = keyof OlderSignUpForm;

/** Spec §5 older sign-up form: confirm email, ten-digit phone, and its required fields. */
export function checkOlderSignUpForm(
  form: OlderSignUpForm,
  options: SignUpCheckOptions = {},
): FormCheck<OlderSignUpField> {
  const email = emailProblem(form.email, options.fakeEmailDomains);
  const passwords = newPasswordProblems(form.password, form.password_repeat);
  return {
    toast: isPlaceholderCompanyName(form.company_name) ? accountMessages.companyNameNotNA : null,
    fields: compact<OlderSignUpField>([
      ['first_name', required(form.first_name, messages.fieldRequired)],
      ['last_name', required(form.last_name, messages.fieldRequired)],
      ['company_name', required(form.company_name, messages.fieldRequired)],
      ['email', email],
      [
        'email_confirm',
        email === null &&
        form.email_confirm.trim().toLowerCase() !== form.email.trim().toLowerCase()
          ? accountMessages.emailMismatch
          : null,
      ],
      [
        'mobile_phone',
        /^\d{10}$/.test(phoneDigits(form.mobile_phone)) ? null : accountMessages.phoneTenDigits,
      ],
      ['zipcode', zipCodeProblem(form.zipcode)],
      ['city', required(form.city, messages.fieldRequired)],
      ['state', stateProblem(form.state)],
      ['business', required(form.business, messages.fieldRequired)],
      [
        'others_business',
        form.business === 'other' ? required(form.others_business, messages.fieldRequired) : null,
      ],
      ['events_per_year', required(form.events_per_year, messages.fieldRequired)],
      ['storefront_type', required(form.storefront_type, messages.fieldRequired)],
      ['hunter', options.hunterMode ? required(form.hunter, messages.fieldRequired) : null],
      ['password', passwords.password],
      ['password_repeat', passwords.password_repeat],
    ]),
  };
}

/** What an email-verification link carries (spec §2): the email, and optional §2 fields. */
export interface VerificationLinkCheck {
  email: string;
  company_name?: string | undefined;
  zipcode?: string | undefined;
  mobile_phone?: string | undefined;
  state?: string | undefined;
  business?: string | undefined;
  events_per_year?: string | undefined;
  storefront_type?: string | undefined;
}

const offered = (value: string | undefined, values: readonly string[], question: string) =>
  value && !values.includes(value) ? accountMessages.signUpAnswerNotOffered(question) : null;

/**
 * The sign-up rules an email-verification link's fields must pass, since opening the link makes
 * an account of them: the email's rules, and each §2 field that is given passes the rule the
 * sign-up forms hold it to (company name not NA, five-digit zip, phone, a state record's key,
 * a business type and follow-up answer from the lists). Fields left out are not asked for: a
 * link may carry the email alone.
 */
export function checkVerificationLinkFields(
  link: VerificationLinkCheck,
  options: Pick<SignUpCheckOptions, 'fakeEmailDomains'> = {},
): FormCheck<keyof VerificationLinkCheck> {
  const given = (value: string | undefined, rule: (value: string) => string | null) =>
    value ? rule(value) : null;
  return {
    toast:
      link.company_name && isPlaceholderCompanyName(link.company_name)
        ? accountMessages.companyNameNotNA
        : null,
    fields: compact<keyof VerificationLinkCheck>([
      ['email', emailProblem(link.email, options.fakeEmailDomains)],
      ['zipcode', given(link.zipcode, zipCodeProblem)],
      ['mobile_phone', given(link.mobile_phone, phoneProblem)],
      ['state', given(link.state, stateProblem)],
      ['business', offered(link.business, BUSINESS_TYPE_VALUES, 'the business type')],
      [
        'events_per_year',
        offered(link.events_per_year, EVENTS_PER_YEAR_VALUES, 'how many events you do a year'),
      ],
      [
        'storefront_type',
        offered(link.storefront_type, STOREFRONT_TYPE_VALUES, 'the kind of shop you have'),
      ],
    ]),
  };
}

/** Forgot password: an email is needed ('Please use an email', shown as a toast). */
export function forgotPasswordProblem(email: string): string | null {
  return email.trim() === '' ? accountMessages.useAnEmail : null;
}

/**
 * Change password from a reset link: the link's parameters, then a password, then the repeat.
 * The spec checks only emptiness; a short password gets the same message, as it promises 8.
 */
export function changePasswordProblem(input: {
  userId: string;
  code: string;
  password: string;
  repeat: string;
}): string | null {
  if (input.userId.trim() === '' || input.code.trim() === '')
    return accountMessages.missingParameters;
  if (input.password.length < 8) return accountMessages.passwordMinimum;
  if (input.password !== input.repeat) return accountMessages.passwordMismatch;
  return null;
}
