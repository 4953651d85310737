import { expect, test } from '@playwright/test';
import {
  apiSignUp,
  continueWithEmail,
  loginDialog,
  NEW_PASSWORD,
  skipWelcome,
  uniqueEmail,
  waitForLink,
} from './support/accounts';

test.describe('forgot and change password', () => {
  test('forgot password → dev mailbox link → choose a new password → log in with it', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset');
    await apiSignUp(request, email);
    await skipWelcome(page);
    await page.goto('/shopping/home');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const login = await continueWithEmail(page, email);
    await login.getByRole('link', { name: 'Forgot password?' }).click();

    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await expect(
      forgot.getByText('We will email you a link to create a new password.'),
    ).toBeVisible();
    const shownEmail = forgot.getByRole('textbox', { name: 'Work Email' });
    await expect(shownEmail).toHaveValue(email);
    await expect(shownEmail).toHaveAttribute('readonly', '');
    await expect(forgot.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await forgot.getByRole('button', { name: 'Email me the link now' }).click();

    await expect(page.locator('.sl-toast').filter({ hasText: 'Email sent.' })).toBeVisible();
    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await expect(
      sent.getByText(`A link to create your new password has been sent to: ${email}`),
    ).toBeVisible();
    await expect(sent.getByText(/up to 1 minute/)).toBeVisible();
    await expect(sent.getByText(/spam/)).toBeVisible();
    await sent.getByRole('button', { name: 'Ok, close' }).click();
    await expect(sent).toBeHidden();

    // The dev mailbox lists the mail; its link opens the change-password modal.
    await waitForLink(request, email, 'password_reset');
    await page.goto('/dev/mailbox');
    const mail = page.getByRole('article', {
      name: `Create your new Stemline password to ${email}`,
    });
    await expect(mail).toBeVisible();
    await mail.getByRole('link', { name: /change_password/ }).click();

    const change = page.getByRole('dialog', { name: 'Choose your new password' });
    await expect(change).toBeVisible();
    const fresh = change.getByRole('textbox', { name: 'New password', exact: true });
    const repeat = change.getByRole('textbox', { name: 'Repeat the new password' });
    // Like the account area's, neither field has a placeholder (the repeat's was cut off).
    for (const field of [fresh, repeat]) await expect(field).not.toHaveAttribute('placeholder');
    const save = change.getByRole('button', { name: 'Save new password and go back to login »' });

    await save.click();
    await expect(change.getByText('Please write a password of 8 characters minimum')).toBeVisible();
    await fresh.fill('peonies-in-june');
    await repeat.fill('peonies-in-july');
    await save.click();
    await expect(change.getByText("Password doesn't match")).toBeVisible();
    await change.getByRole('button', { name: 'Show password' }).first().click();
    await expect(fresh).toHaveAttribute('type', 'text');
    await repeat.fill('peonies-in-june');
    await repeat.press('Enter');

    await expect(
      page.locator('.sl-toast').filter({ hasText: 'Password changed successfully' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shopping\/home$/);
    const dialog = await continueWithEmail(page, email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByText("Sorry, your password doesn't seem right.")).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('peonies-in-june');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // The link works once: following it again (after the logout it causes) is refused.
    const link = await waitForLink(request, email, 'password_reset');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
    const again = page.getByRole('dialog', { name: 'Choose your new password' });
    await again
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('dahlias-in-august');
    await again.getByRole('textbox', { name: 'Repeat the new password' }).fill('dahlias-in-august');
    await again.getByRole('button', { name: /Save new password/ }).click();
    await expect(
      again.getByText('This password link is no longer valid. Please ask for a new one.'),
    ).toBeVisible();
  });

  test('after a reset from the mailed link, log-in opens with the account’s email', async ({
    page,
    request,
  }) => {
    // Asked for and opened on a device that never typed the email: nothing of it is kept here.
    const email = uniqueEmail('reset-prefill');
    await apiSignUp(request, email);
    expect((await request.post('/api/forgot_password', { data: { email } })).ok()).toBe(true);
    const link = new URL(await waitForLink(request, email, 'password_reset'));
    await skipWelcome(page);
    await page.goto(link.pathname + link.search);

    const change = page.getByRole('dialog', { name: 'Choose your new password' });
    await change.getByRole('textbox', { name: 'New password', exact: true }).fill('lilies-in-may');
    await change.getByRole('textbox', { name: 'Repeat the new password' }).fill('lilies-in-may');
    await change.getByRole('button', { name: 'Save new password and go back to login »' }).click();

    const login = loginDialog(page);
    await expect(login.getByRole('textbox', { name: 'Work Email' })).toHaveValue(email);
    const password = login.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('lilies-in-may');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a reset link without its code says Missing parameters', async ({ page }) => {
    await page.goto('/shopping/home?change_password&user_id=u-someone');
    const change = page.getByRole('dialog', { name: 'Choose your new password' });
    await change
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('peonies-in-june');
    await change.getByRole('textbox', { name: 'Repeat the new password' }).fill('peonies-in-june');
    await change.getByRole('button', { name: /Save new password/ }).click();
    await expect(change.getByText('Missing parameters')).toBeVisible();
    await expect(loginDialog(page)).toBeHidden();
  });
});
