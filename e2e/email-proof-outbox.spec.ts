import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiCart } from './support/api';
import { uniqueEmail, waitForLink } from './support/accounts';
import { catalogDate } from './support/app';

const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Stemline' });
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** The device's account databases (RxDB on Dexie keeps one IndexedDB database per collection). */
const accountCopies = (page: Page) =>
  page.evaluate(async () =>
    [
      ...new Set(
        (await indexedDB.databases())
          .map((database) => database.name ?? '')
          .filter((name) => name.startsWith('rxdb-dexie-stemline-acct-'))
          .map((name) => name.replace(/^rxdb-dexie-/, '').replace(/--.*$/, '')),
      ),
    ].sort(),
  );

test.describe('a guest proves the mailbox with changes still queued', () => {
  let context: BrowserContext;
  let profile: string;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB, as on a buyer's device.
    profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL: baseURL ?? '',
    });
  });

  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('an add queued offline by the email-only session reaches the confirmed account', async ({
    request,
  }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const email = uniqueEmail('proof-outbox');
    await page.goto('/shopping/home');
    await welcome(page).getByRole('textbox', { name: 'Work Email' }).fill(email);
    await welcome(page).getByRole('button', { name: 'See prices' }).click();
    await expect(welcome(page)).toBeHidden();
    const status = page.getByTestId('sync-status');
    await catalogDate(page);
    const add = page.getByRole('button', { name: /^Add .* to cart$/ }).first();
    await expect(add).toBeVisible();
    await expect(status).not.toContainText('pending');
    // The app's code is kept for offline use (as on a buyer's device) before the network goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await add.click();
    await expect(status).toContainText('1 pending');

    // Back online the server cannot take pushes for a while (a deploy, a proxy's 503), and the
    // guest opens the mailed link meanwhile: the add is still queued when the session is proven.
    let refusing = true;
    await context.route('**/api/sync/push', async (route) => {
      if (refusing) await route.fulfill({ status: 503, json: { error: 'Service Unavailable' } });
      else await route.continue();
    });
    await context.setOffline(false);
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    await page.goto(link.pathname + link.search);
    await expect(page.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Guest account' })).toContainText(
      'You can order as a guest',
    );

    // The proven account's copy still shows the add and sends it once the server takes it.
    await expect(page.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
    refusing = false;
    const token = await pageToken(page);
    await expect
      .poll(async () => (await apiCart(request, token)).flatMap((group) => group.items).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect(status).not.toContainText('pending');
    // The email-only copy is gone once its outbox has been carried over.
    await expect
      .poll(async () => (await accountCopies(page)).some((name) => name.endsWith('-email-only')))
      .toBe(false);
  });
});
