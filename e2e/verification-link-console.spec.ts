import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForLink } from './support/accounts';
import { watchCspViolations } from './support/csp';

test('a valid verification link signs in with nothing thrown in the console (issue 27 §19)', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('verify-console');
  await page.goto('/shopping/home');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
  await welcome.getByRole('textbox', { name: 'Work Email' }).fill(email);
  await welcome.getByRole('button', { name: 'See prices' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  const link = new URL(await waitForLink(request, email, 'email_verification'));

  // The link opened on another device, as from the mail: the session changes under the page.
  const other = await browser.newContext();
  const tablet = await other.newPage();
  const thrown: string[] = [];
  tablet.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  tablet.on('console', (message) => {
    if (message.type() === 'error') thrown.push(`console: ${message.text()}`);
  });
  const csp = await watchCspViolations(tablet);
  await tablet.goto(link.pathname + link.search);
  await expect(tablet.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
  await expect(tablet.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(tablet.locator('#root article.variety-card').first()).toBeVisible();
  await tablet.waitForLoadState('networkidle');

  expect(thrown).toEqual([]);
  csp.expectNone();
  await other.close();
});
