import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiCart } from './support/api';
import { uniqueEmail, waitForLink } from './support/accounts';
import { catalogDate } from './support/app';

const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Stemline' });
const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

/** The device's account copies that keep an outbox (RxDB on Dexie: a database per collection). */
const outboxCopies = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((database) => database.name ?? '')
      .filter(
        (name) => name.startsWith('rxdb-dexie-stemline-acct-') && name.endsWith('--mutations'),
      )
      .map((name) => name.replace(/^rxdb-dexie-/, '').replace(/--.*$/, '')),
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

  /**
   * A guest (email-only session) with one add queued offline, back online while the server
   * refuses pushes (a deploy, a proxy's 503) until the returned function lets them through.
   */
  async function guestWithQueuedAdd(page: Page, email: string): Promise<() => void> {
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
    let refusing = true;
    await context.route('**/api/sync/push', async (route) => {
      if (refusing) await route.fulfill({ status: 503, json: { error: 'Service Unavailable' } });
      else await route.continue();
    });
    await context.setOffline(false);
    return () => {
      refusing = false;
    };
  }

  /** The server's cart of the page's session has one line, and no change is left unsent. */
  async function addReachedServer(page: Page, request: APIRequestContext): Promise<void> {
    const token = await pageToken(page);
    await expect
      .poll(async () => (await apiCart(request, token)).flatMap((group) => group.items).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect(page.getByTestId('sync-status')).not.toContainText('pending');
    // The email-only copy's outbox is gone once carried over. (With two tabs, the other one may
    // leave a store of it without an outbox behind; the next opening of the account removes it.)
    await expect
      .poll(async () => (await outboxCopies(page)).some((name) => name.endsWith('-email-only')))
      .toBe(false);
  }

  test('an add queued offline by the email-only session reaches the confirmed account', async ({
    request,
  }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const email = uniqueEmail('proof-outbox');
    const letPushesThrough = await guestWithQueuedAdd(page, email);
    // The guest opens the mailed link meanwhile: the add is still queued when proven.
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    await page.goto(link.pathname + link.search);
    await expect(page.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Guest account' })).toContainText(
      'You can order as a guest',
    );

    // The proven account's copy still shows the add and sends it once the server takes it.
    await expect(page.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
    letPushesThrough();
    await addReachedServer(page, request);
  });

  test('the link opened in another tab: the first tab’s queued add still reaches the account', async ({
    request,
  }) => {
    const first = context.pages()[0] ?? (await context.newPage());
    const email = uniqueEmail('proof-tabs');
    const letPushesThrough = await guestWithQueuedAdd(first, email);
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    const second = await context.newPage();
    await second.goto(link.pathname + link.search);
    await expect(second.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();

    for (const page of [first, second])
      await expect(page.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
    letPushesThrough();
    await addReachedServer(second, request);
    await expect(first.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
  });
});
