import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiSignUp,
  continueWithEmail,
  NEW_PASSWORD,
  skipWelcome,
  solveCaptcha,
  uniqueEmail,
} from './support/accounts';

/**
 * One password try over HTTP, as an attacker's script makes it: no cookies of the owner's. The
 * captcha is solved beforehand (`token`) where the try must land inside a back-off: a solve takes
 * seconds on a busy machine, longer than the first back-offs last.
 */
async function attackerTry(
  request: APIRequestContext,
  email: string,
  password: string,
  token?: string,
) {
  const response = await request.get('/api/security/login', {
    params: { email, password, reCaptchaToken: token ?? (await solveCaptcha(request)) },
  });
  return { status: response.status(), retryAfter: Number(response.headers()['retry-after'] ?? 0) };
}

/** Logs in through the app's modal; answers the dialog (still open when it was refused). */
async function logInThroughApp(page: Page, email: string) {
  await page.goto('/shopping/home');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = await continueWithEmail(page, email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  return dialog;
}

test.describe('log-in back-off', () => {
  test('an attacker’s wrong passwords make a stranger’s browser wait, but the owner’s browser still signs in', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('owner');
    await apiSignUp(request, email);
    await skipWelcome(page);
    // The owner signs in once on this browser, then logs out.
    await logInThroughApp(page, email);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

    // The attacker guesses, waiting out each back-off on the server's test clock.
    for (let i = 0; i < 4; i += 1)
      expect((await attackerTry(request, email, `guess-${i}`)).status).toBe(401);
    let [guessToken, heldToken] = [await solveCaptcha(request), await solveCaptcha(request)];
    expect((await attackerTry(request, email, 'guess-4', guessToken)).status).toBe(401);
    let held = await attackerTry(request, email, NEW_PASSWORD, heldToken);
    expect(held.status).toBe(429);
    for (let round = 0; round < 5; round += 1) {
      [guessToken, heldToken] = [await solveCaptcha(request), await solveCaptcha(request)];
      await request.post('/api/test/clock', { data: { advanceMs: held.retryAfter * 1000 } });
      const guess = await attackerTry(request, email, `guess-more-${round}`, guessToken);
      expect(guess.status).toBe(401);
      held = await attackerTry(request, email, NEW_PASSWORD, heldToken);
      expect(held.status).toBe(429);
    }
    expect(held.retryAfter).toBe(32);

    // A browser that never signed in to this account waits, and is told why.
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await skipWelcome(stranger);
    const refused = await logInThroughApp(stranger, email);
    await expect(refused.getByText(/Too many failed log-in attempts\. Please wait/)).toBeVisible();
    await strangerContext.close();

    // The owner's browser is known: the right password signs in at once.
    const dialog = await logInThroughApp(page, email);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});
