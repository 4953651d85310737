import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiCart, apiLogin } from './support/api';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { holdOutboxWrites } from './support/outbox-writes';

const FLORIST = 'florist@stemline.test';

test.describe('offline path', () => {
  let context: BrowserContext;
  let profile: string;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB and a real service worker, as on a buyer's tablet.
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

  test('a florist browses offline, adds to cart offline, and the cart syncs by itself when back online', async ({
    request,
  }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);

    const date = await catalogDate(page);
    const firstCard = page.locator('#root article.variety-card').first();
    await expect(firstCard).toBeVisible();
    const varietyName = (await firstCard.getByRole('heading').textContent()) ?? '';
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Fresh flowers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: varietyName }).first()).toBeVisible();
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await expect(page.getByTestId('stock-age')).toContainText('Offline');

    const offerRow = page
      .locator('#root article.variety-card')
      .first()
      .locator('li.offer-row')
      .first();
    const inventoryKey = Number(
      (await offerRow.getAttribute('data-testid'))?.replace('offer-', ''),
    );
    await offerRow.getByRole('button', { name: /^Add .* to cart$/ }).click();
    await expect(page.getByText('Product successfully added to your shopping cart.')).toBeVisible();
    await expect(page.getByTestId('sync-status')).toContainText('1 pending');

    const cart = await openCart(page);
    // Other specs may have left lines of the same variety in this shared demo cart.
    const pendingLine = cart
      .locator('li.cart-line', { hasText: varietyName })
      .filter({ hasText: 'Pending sync' });
    await expect(pendingLine).toHaveCount(1);

    const token = await apiLogin(request, FLORIST);
    const before = (await apiCart(request, token)).flatMap((group) => group.items);
    const boxesBefore =
      before.find((line) => line.inventory_key === inventoryKey && line.eta_date === date)?.boxes ??
      0;

    await context.setOffline(false);
    await expect(pendingLine).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('sync-status')).toContainText('Online');

    const after = (await apiCart(request, token)).flatMap((group) => group.items);
    const line = after.find(
      (item) => item.inventory_key === inventoryKey && item.eta_date === date,
    );
    expect(line?.boxes).toBe(boxesBefore + 1);
  });

  test('an add whose outbox write is still under way survives a reload and a navigation', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    const date = await catalogDate(page);
    await expect(page.locator('#root article.variety-card').first()).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Offline, so a line in the cart after the reload can only come from this device's outbox.
    await context.setOffline(true);
    const addOn = async (card: number): Promise<string> => {
      const article = page.locator('#root article.variety-card').nth(card);
      const name = (await article.getByRole('heading').first().textContent()) ?? '';
      await article
        .locator('li.offer-row')
        .first()
        .getByRole('button', { name: /^Add .* to cart$/ })
        .click();
      return name;
    };

    // The page is left the moment Add is pressed, while the outbox write is in flight.
    await holdOutboxWrites(page);
    const first = await addOn(0);
    await page.reload();
    await expect(page.locator('#root article.variety-card').nth(1)).toBeVisible();
    await holdOutboxWrites(page);
    const second = await addOn(1);
    await page.goto(`/shopping/home?date=${date}`);

    const pending = (await openCart(page)).locator('li.cart-line').filter({
      hasText: 'Pending sync',
    });
    await expect(pending.filter({ hasText: first })).toHaveCount(1);
    await expect(pending.filter({ hasText: second })).toHaveCount(1);
    await expect(page.getByTestId('sync-status')).toContainText('2 pending');
  });
});
