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
import type { CartGroup, Favorite } from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import { DEMO_PASSWORD } from './support/api';
import { catalogDate, openCart } from './support/app';

const FLORIST = 'florist@stemline.test';

/**
 * Signs in as a visitor does: the welcome modal opens for visitors without a session (spec §2),
 * its Log in leads to 'Sign up or log in'.
 */
async function logIn(page: Page, email: string): Promise<void> {
  const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up or log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Work Email').press('Enter');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** The session token the app keeps in localStorage, for checking the server's side over HTTP. */
async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('no session token');
  return token;
}

async function runOp<T>(request: APIRequestContext, token: string, key: string, params = {}) {
  const response = await request.post('/api/cs/run', {
    headers: { Authorization: `Bearer ${token}` },
    data: { key, params },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

test.describe('checkout, orders and favourites', () => {
  let context: BrowserContext;
  let profile: string;
  let page: Page;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB and service worker, as on a shop tablet.
    profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-checkout-'));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL: baseURL ?? '',
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logIn(page, FLORIST);
    await catalogDate(page);
  });

  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('a florist adds to cart, saves a card, checks out with it and sees the order', async ({
    request,
  }) => {
    const token = await sessionToken(page);
    const card = page.locator('article.variety-card').first();
    await expect(card).toBeVisible();
    const varietyName = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click();
    await expect(page.getByText('Product successfully added to your shopping cart.')).toBeVisible();

    const cart = await openCart(page);
    await expect(cart.getByText(varietyName).first()).toBeVisible();
    await expect(cart.getByText('Pending sync')).toBeHidden({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const review = page.getByRole('region', { name: 'Your order' });
    await expect(review.getByText(varietyName)).toBeVisible();
    await expect(page.getByText('Checking prices and stock…')).toBeHidden();

    await page.getByRole('button', { name: 'Add a card' }).click();
    const form = page.getByRole('dialog', { name: 'Add a card' });
    await form.getByLabel('Name on card').fill('Flora Bennett');
    await form.getByLabel('Card number').fill('4111 1111 1111 1112');
    await form.getByLabel('Expiry month').fill('12');
    await form.getByLabel('Expiry year').fill('30');
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(form.getByText('Please check the card number.')).toBeVisible();
    await form.getByLabel('Card number').fill('4111 1111 1111 1111');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: /Pay with$/ })).toContainText(
      'Visa ending 1111, expires 12/30',
    );

    const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('heading', { name: /^Order PO-\d{8}-\d+ is placed\.$/ });
    await expect(placed).toBeVisible({ timeout: 20_000 });
    const number = ((await placed.textContent()) ?? '').replace(/^Order | is placed\.$/g, '');
    await expect(page.getByText(`${total} charged to Visa ending 1111`)).toBeVisible();

    const carts = await runOp<{ results: CartGroup[] }>(request, token, 'list_carts');
    expect(carts.results).toEqual([]);
    await expect(page.getByRole('button', { name: /^Cart, 0 boxes$/ })).toBeVisible();

    await page.getByRole('link', { name: 'See your orders' }).click();
    await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: number }) });
    await expect(order).toContainText(total);
    await expect(order.getByText(varietyName)).toBeVisible();

    await page.goto('/shopping/home');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await expect(page.getByRole('heading', { name: number })).toBeVisible();

    // The cart-reminder link: a florist arriving with extend_expiration_boxes goes to checkout.
    await page.goto('/shopping/home?extend_expiration_boxes=1');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  });

  test('favourites toggled offline show at once and sync by themselves when back online', async ({
    request,
  }) => {
    const token = await sessionToken(page);
    const listFavorites = async (): Promise<string[]> => {
      const response = await request.post('/api/favorites', {
        headers: { Authorization: `Bearer ${token}` },
        data: { action: 'LIST' },
      });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { results: Favorite[] }).results.map(
        (f) => f.variety_name,
      );
    };
    const cards = page.locator('article.variety-card');
    await expect(cards.nth(1)).toBeVisible();
    const names = await Promise.all(
      [0, 1].map(async (index) =>
        ((await cards.nth(index).getByRole('heading').textContent()) ?? '').trim(),
      ),
    );
    const [first, second] = names.map((name) =>
      page.getByRole('button', { name: `Favourite ${name}`, exact: true }),
    );
    if (!first || !second) throw new Error('two cards expected');
    for (const heart of [first, second])
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const before = await listFavorites();

    await context.setOffline(true);
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await first.click();
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await second.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(second).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('sync-status')).toContainText('pending');
    expect(await listFavorites()).toEqual(before);

    await context.setOffline(false);
    await expect.poll(listFavorites, { timeout: 20_000 }).toContain(names[0]);
    expect(await listFavorites()).not.toContain(names[1]);
    await page.reload();
    await expect(
      page.getByRole('button', { name: `Favourite ${names[0]}`, exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
