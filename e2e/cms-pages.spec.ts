import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { watchCspViolations } from './support/csp';

/**
 * Content pages under /cms/ (spec §2): rendered from the repository's Markdown, titled, opened
 * offline once the app is installed, without the welcome modal, and reached from sign-up.
 */

const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Stemline' });

test('a content page opens offline, never visited before, with its title and no welcome modal', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A visitor's first visit installs the app (its service worker precaches every page's chunk).
  await page.goto('/shopping/home');
  await expect(welcome(page)).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.goto('/cms/claim-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim policy' })).toBeVisible();
  await expect(page).toHaveTitle('Claim policy — Stemline');
  // The Markdown's own headings and text, rendered.
  await expect(page.getByRole('heading', { level: 2, name: 'What to send' })).toBeVisible();
  await expect(page.getByText('within 48 hours of the box', { exact: false })).toBeVisible();
  await expect(welcome(page)).toHaveCount(0);

  // Its links to the other pages stay in the app, still offline.
  await page
    .getByRole('navigation', { name: 'More information' })
    .getByRole('link', { name: 'Shipping and delivery' })
    .click();
  await expect(page).toHaveURL(/\/cms\/shipping$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Shipping and delivery' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Shipping and delivery — Stemline');
  await context.close();
});

test('a first visit straight to a content page gets no welcome modal; an unknown page is not found', async ({
  page,
}) => {
  // The rendered Markdown breaks none of the strict CSP's rules (no inline script or style).
  const csp = await watchCspViolations(page);
  await page.goto('/cms/faq');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();
  await expect(welcome(page)).toHaveCount(0);
  // A link inside the Markdown leads to the other page in the app.
  await page.getByRole('link', { name: 'claim policy', exact: true }).click();
  await expect(page).toHaveURL(/\/cms\/claim-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim policy' })).toBeVisible();
  await expect(welcome(page)).toHaveCount(0);
  csp.expectNone();

  await page.goto('/cms/..%2Fsecrets');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
});

test("the sign-up's terms link opens the terms of use, keeping the form", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('stemline.welcomed', '1'));
  await page.goto('/shopping/home');
  await page.evaluate((email) => localStorage.setItem('last_email_used', email), uniqueEmail());
  await page.goto('/shopping/create-account');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /I accept the terms of use/ })).toBeVisible();

  const opened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'terms of use' }).click();
  const terms = await opened;
  await expect(terms).toHaveURL(/\/cms\/terms$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(terms).toHaveTitle('Terms of use — Stemline');
  await expect(terms.getByRole('heading', { level: 2, name: 'Who may buy' })).toBeVisible();
  // The sign-up form stays where it was, in its own tab.
  await expect(page).toHaveURL(/\/shopping\/create-account$/);
  await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
    'href',
    '/cms/privacy',
  );
});
