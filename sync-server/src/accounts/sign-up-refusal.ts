import { accountMessages, messages, stemlineMessages, type SignUpPayload } from '@stemline/shared';
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

/** What one refused field of a sign-up payload tells the visitor. */
function refusalText(field: string): string {
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
 * The answer to a sign-up or guest-upgrade payload its schema refused: 400 with a message in
 * the forms' words naming the question (the first refused), never zod's wording or the field's
 * name. Nothing was written. Field errors are left out on purpose: the message is toasted,
 * since a refused choice shows no error under its list.
 */
export function signUpSchemaRefusal(issues: readonly Issue[]): SignUpOutcome {
  const field = issues[0]?.path[0];
  return signUpFailure(
    400,
    typeof field === 'string' ? refusalText(field) : stemlineMessages.invalidRequest,
  );
}
