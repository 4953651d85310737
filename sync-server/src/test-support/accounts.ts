import { randomUUID } from 'node:crypto';
import {
  mailboxAnswerSchema,
  publicTokenAnswerSchema,
  type MailboxAnswer,
  type SignUpPayloadInput,
} from '@stemline/shared';
import { solveCaptcha } from './captcha';
import type { ApiAnswer, TestServer } from './test-server';

/** A unique email on a domain that is neither fake nor staff. */
export function uniqueEmail(prefix = 'buyer'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@bloom-shop.co`;
}

/** A complete create-account (v2) payload for `email`, without its captcha solution. */
export function signUpFields(
  email: string,
  overrides: Partial<SignUpPayloadInput> = {},
): Omit<SignUpPayloadInput, 'reCaptchaToken'> {
  return {
    signup_form: 'v2',
    email,
    password: 'tulips-in-spring',
    zipcode: '07030',
    company_name: 'Diaz Flowers',
    first_name: 'Rosa',
    last_name: 'Diaz',
    resale_number: 'EIN-12-3456789',
    mobile_phone: '2015550123',
    website: 'diazflowers.com',
    business: 'florist',
    storefront_type: 'physical_shop',
    agree_terms: true,
    agree_text_messages: false,
    ...overrides,
  };
}

/** POST /api/customer/sign_up with a freshly solved captcha, as a caller holding `token`. */
export async function signUp(
  t: TestServer,
  email: string,
  overrides: Partial<SignUpPayloadInput> = {},
  token?: string,
): Promise<ApiAnswer> {
  const reCaptchaToken = await solveCaptcha(t.url);
  return t.post(
    '/api/customer/sign_up',
    { ...signUpFields(email, overrides), reCaptchaToken },
    token,
  );
}

/** A visitor's default public token. */
export async function publicToken(t: TestServer): Promise<string> {
  return publicTokenAnswerSchema.parse((await t.get('/api/security/public_token')).body).token;
}

/** POST /api/cs/run { key, params }. */
export function run(
  t: TestServer,
  key: string,
  params: unknown,
  token: string,
): Promise<ApiAnswer> {
  return t.post('/api/cs/run', { key, params }, token);
}

/** The dev mailbox's mails to `to`, newest first. */
export async function mailsTo(t: TestServer, to: string): Promise<MailboxAnswer['results']> {
  const answer = await t.get(`/api/dev/mailbox?${new URLSearchParams({ to }).toString()}`);
  return mailboxAnswerSchema.parse(answer.body).results;
}

/** The first link of the newest mail of a kind to `to`. */
export async function latestLink(t: TestServer, to: string, kind: string): Promise<URL> {
  const mail = (await mailsTo(t, to)).find((entry) => entry.kind === kind);
  const link = mail?.links[0];
  if (!link) throw new Error(`no ${kind} mail with a link to ${to}`);
  return new URL(link);
}

/** GET /api/security/login with a solved captcha. */
export async function logInWith(
  t: TestServer,
  email: string,
  password: string,
): Promise<ApiAnswer> {
  const reCaptchaToken = await solveCaptcha(t.url);
  const query = new URLSearchParams({ email, password, reCaptchaToken });
  return t.get(`/api/security/login?${query.toString()}`);
}
