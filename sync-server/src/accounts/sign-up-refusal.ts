import {
  accountMessages,
  checkSignUpPayload,
  messages,
  stemlineMessages,
  type SignUpPayload,
  type SignUpPayloadToCheck,
} from '@stemline/shared';
import { signUpFailure, type SignUpOutcome } from './sign-up';

/** The questions of the sign-up forms answered from a list, in the words the toast uses. */
const CHOICES: Partial<Record<keyof SignUpPayload, string>> = {
  signup_form: 'the sign-up form',
  business: 'your business type',
  events_per_year: 'how many events you do a year',
  storefront_type: 'the kind of shop you have',
  expenses: 'how much you spend on flowers a month',
  heard_from: 'how you heard about us',
  store_count: 'how many stores you have',
  employee_count: 'how many employees you have',
  first_order_timing: 'when you plan to place your first order',
  state: 'your state',
  hunter: 'the contact owner',
};

/** The typed fields, in the same words. */
const FIELDS: Partial<Record<keyof SignUpPayload, string>> = {
  first_name: 'your first name',
  last_name: 'your last name',
  company_name: 'your company name',
  resale_number: 'your Resale Number/BIN/EIN/Tax ID',
  zipcode: 'your zip code',
  mobile_phone: 'your phone number',
  website: 'your website',
  others_business: 'your business',
  city: 'your city',
  password: 'your password',
  referral: 'the referral code',
};

interface Issue {
  path: readonly PropertyKey[];
}

/**
 * What was sent, read as the §5 rules read a payload: text fields as sent ('' when missing or
 * not text), so each rule can say what is wrong with the field the schema refused.
 */
function asSent(sent: Record<string, unknown>): SignUpPayloadToCheck {
  const text = (field: string): string => {
    const value = sent[field];
    return typeof value === 'string' ? value : '';
  };
  const optional = (field: string): string | undefined =>
    typeof sent[field] === 'string' ? sent[field] : undefined;
  return {
    signup_form: sent.signup_form === 'older' ? 'older' : 'v2',
    email: text('email'),
    password: text('password'),
    zipcode: text('zipcode'),
    company_name: text('company_name'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    resale_number: text('resale_number'),
    mobile_phone: text('mobile_phone'),
    website: text('website'),
    business: text('business'),
    events_per_year: optional('events_per_year'),
    storefront_type: optional('storefront_type'),
    others_business: optional('others_business'),
    hunter: optional('hunter'),
    city: optional('city'),
    state: optional('state'),
    created_by_hunter: sent.created_by_hunter === true,
    agree_terms: sent.agree_terms === true,
    agree_text_messages: sent.agree_text_messages === true,
    reCaptchaToken: '',
  };
}

/**
 * The §5 message of the form's rule for a field the schema refused, when that rule finds fault
 * with what was sent (an email with a space, an empty business type, an over-long zip code), so
 * a direct call gets the spec's text; null when the field was not text or its rule is content.
 */
function ruleText(field: string, input: unknown): string | null {
  if (typeof input !== 'object' || input === null) return null;
  const sent = input as Record<string, unknown>;
  if (sent[field] !== undefined && typeof sent[field] !== 'string') return null;
  const fields: Record<string, string | undefined> = checkSignUpPayload(asSent(sent)).fields;
  return fields[field] ?? null;
}

/** What one refused field of a sign-up payload tells the visitor. */
function refusalText(field: string, input: unknown): string {
  const fromRule = ruleText(field, input);
  if (fromRule) return fromRule;
  const key = field as keyof SignUpPayload;
  if (key === 'email') return messages.invalidEmail;
  if (key === 'agree_terms') return messages.fieldRequired;
  if (key === 'reCaptchaToken') return accountMessages.captchaFailed;
  const choice = CHOICES[key];
  if (choice) return accountMessages.signUpAnswerNotOffered(choice);
  const typed = FIELDS[key];
  if (typed) return accountMessages.signUpFieldNotAccepted(typed);
  return stemlineMessages.invalidRequest;
}

/**
 * The answer to a sign-up or guest-upgrade payload (`input`, as sent) its schema refused: 400
 * with the §5 rule's message for the first refused field when its rule finds the fault,
 * otherwise a message in the forms' words naming the question; never zod's wording or the
 * field's name. Nothing was written. Field errors are left out on purpose: the message is
 * toasted, since a refused choice shows no error under its list.
 */
export function signUpSchemaRefusal(issues: readonly Issue[], input: unknown): SignUpOutcome {
  const field = issues[0]?.path[0];
  return signUpFailure(
    400,
    typeof field === 'string' ? refusalText(field, input) : stemlineMessages.invalidRequest,
  );
}
