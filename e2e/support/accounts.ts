import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';
import {
  captchaChallengeSchema,
  loginAnswerSchema,
  mailboxAnswerSchema,
  publicTokenAnswerSchema,
  type MailboxAnswer,
} from '@stemline/shared';

/** Helpers of the accounts specs (e2e/accounts-*.spec.ts): sign-up, captcha, mailbox. */

export const NEW_PASSWORD = 'tulips-in-spring';

/** A unique email on a domain that is neither on the fake list nor the staff domain. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@bloom-shop.co`;
}

/** Fetches an ALTCHA challenge and solves it for real, as the app's worker does. */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/security/captcha_challenge');
  const challenge = captchaChallengeSchema.parse(await response.json());
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha challenge without a solution');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
}

/** Logs in over HTTP with a solved captcha and returns the bearer token. */
export async function apiLogIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.get('/api/security/login', {
    params: { email, password, reCaptchaToken: await solveCaptcha(request) },
  });
  const body = loginAnswerSchema.parse(await response.json());
  if (!body.token) throw new Error(`login failed for ${email}: ${body.error}`);
  return body.token;
}

/** A visitor's public token. */
export async function apiPublicToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/security/public_token');
  return publicTokenAnswerSchema.parse(await response.json()).token;
}

/** Calls a run operation. */
export function apiRun(request: APIRequestContext, token: string, key: string, params: unknown) {
  return request.post('/api/cs/run', {
    headers: { Authorization: `Bearer ${token}` },
    data: { key, params },
  });
}

/**
 * Records a new email as a CRM contact of `ownerKey` (spec §7 `hunter_new_contact_hs`) with a
 * sales rep's token; answers the email.
 */
export async function apiCrmContact(
  request: APIRequestContext,
  hunter: string,
  ownerKey: string,
): Promise<string> {
  const email = uniqueEmail('known');
  const made = await apiRun(request, hunter, 'hunter_new_contact_hs', {
    email,
    hunter: 'u-hunter',
    owner_id: ownerKey,
  });
  expect(made.ok()).toBe(true);
  return email;
}

/** The dev mailbox's mails to `to`, newest first. */
export async function mailsTo(
  request: APIRequestContext,
  to: string,
): Promise<MailboxAnswer['results']> {
  const response = await request.get('/api/dev/mailbox', { params: { to } });
  return mailboxAnswerSchema.parse(await response.json()).results;
}

/** Waits for a mail of `kind` to `to` and answers its first link. */
export async function waitForLink(
  request: APIRequestContext,
  to: string,
  kind: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await mailsTo(request, to)).find((mail) => mail.kind === kind)?.links[0];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/**
 * Closes the welcome modal a fresh visitor gets (spec §2), for specs that browse as a visitor.
 * Other specs may instead set `localStorage['stemline.welcomed'] = '1'` in an init script.
 */
export async function dismissWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Close' }).click();
  await expect(welcome).toBeHidden();
}

/** Picks an option of a react-aria Select by its label. */
export async function chooseOption(scope: Page | Locator, label: string, option: string) {
  const page = 'page' in scope ? scope.page() : scope;
  // A react-aria Select trigger is named by its value, then its label.
  await scope.getByRole('button', { name: new RegExp(`${escape(label)}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The 'Sign up or log in' dialog. */
export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Sign up or log in' });
}

/** Types an email into the open 'Sign up or log in' dialog and presses Enter. */
export async function continueWithEmail(page: Page, email: string): Promise<Locator> {
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Work Email').press('Enter');
  return dialog;
}

/** Creates a florist account over HTTP (create-account v2 payload) and returns its token. */
export async function apiSignUp(
  request: APIRequestContext,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await request.post('/api/customer/sign_up', {
    data: {
      email,
      password: NEW_PASSWORD,
      zipcode: '07030',
      company_name: 'Peony Place',
      first_name: 'Pia',
      last_name: 'Ng',
      resale_number: 'R-1',
      mobile_phone: '2015550123',
      business: 'florist',
      storefront_type: 'studio',
      agree_terms: true,
      reCaptchaToken: await solveCaptcha(request),
      ...overrides,
    },
  });
  const body = loginAnswerSchema.parse(await response.json());
  if (!body.token) throw new Error(`sign-up failed for ${email}: ${body.error}`);
  return body.token;
}

/** Skips the welcome modal in a page that is not about it. */
export async function skipWelcome(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('stemline.welcomed', '1'));
}
