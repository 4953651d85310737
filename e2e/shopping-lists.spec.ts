import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
} from '@playwright/test';
import type { ShoppingList } from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiCart, apiCatalog, apiLogin } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';

const FLORIST = 'florist@stemline.test';
const CARD = '#root article.variety-card';

async function apiLists(request: APIRequestContext, token: string): Promise<ShoppingList[]> {
  const response = await request.post('/api/shopping_list/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: ShoppingList[] }).results;
}

test.describe('shopping lists', () => {
  let context: BrowserContext;
  let profile: string;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB and a real service worker, as on a buyer's tablet.
    profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL: baseURL ?? '',
      viewport: { width: 1280, height: 900 },
    });
  });
  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('a florist builds a list offline from the catalogue; it syncs online and runs into the cart with what fell short explained', async ({
    request,
  }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    const date = await catalogDate(page);
    await expect(page.locator(CARD).nth(1)).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Offline, after a reload: the list is made and filled on the device.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    const names: string[] = [];
    for (const index of [0, 1]) {
      const card = page.locator(CARD).nth(index);
      names.push((await card.getByRole('heading').first().textContent()) ?? '');
      await card.getByRole('button', { name: /^Add to list: / }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to list' });
      await expect(dialog).toBeVisible();
      if (index === 0) {
        await dialog.getByRole('textbox', { name: 'New list name' }).fill('Weekly cooler');
      } else {
        await expect(dialog.getByRole('button', { name: /Weekly cooler/ })).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Add to list' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(`${names[index]} added to Weekly cooler.`)).toBeVisible();
    }
    await page.getByRole('link', { name: 'Lists' }).click();
    const list = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Weekly cooler' }) });
    await expect(list.getByText('Waiting to sync')).toBeVisible();
    for (const name of names) await expect(list.getByRole('rowheader', { name })).toBeVisible();

    // Online: the queued list reaches the server by itself.
    await context.setOffline(false);
    await expect(list.getByText('Waiting to sync')).toBeHidden({ timeout: 30_000 });
    const token = await apiLogin(request, FLORIST);
    const [stored] = (await apiLists(request, token)).filter((l) => l.name === 'Weekly cooler');
    expect(stored?.items.map((item) => item.variety_name).sort()).toEqual([...names].sort());

    // Another device adds a length the farms do not grow: the run must explain it.
    const offer = (await apiCatalog(request, token, date)).offers[0];
    if (!stored || !offer) throw new Error('no list or no offer');
    const added = await request.post('/api/shopping_list/add_item', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        list_key: stored.key,
        item: {
          key: 'it-e2e-not-offered',
          variety_key: offer.variety_key,
          variety_name: '',
          length: 1,
          quantity: 1,
          unit: 'box',
          grower_key: null,
        },
      },
    });
    expect(added.ok()).toBe(true);
    await expect(list.getByRole('row')).toHaveCount(4);

    const cartBefore = (await apiCart(request, token)).flatMap((group) => group.items).length;
    await list.getByRole('button', { name: 'Delivery date' }).click();
    await page.getByRole('option').first().click();
    await list.getByRole('button', { name: 'Add list to cart' }).click();
    const report = list.getByRole('region', { name: /^Added to cart for / });
    await expect(report.getByText('1 of 3 items could not be added in full.')).toBeVisible();
    await expect(report.getByText(/ 1 cm is not offered for this date\.$/)).toBeVisible();
    await expect(report.getByText('Nearest alternatives (not added):')).toBeVisible();
    await expect(report.getByText('Same variety from another farm').first()).toBeVisible();
    await expect(report.getByText('Added', { exact: true })).toHaveCount(2);
    await expect
      .poll(async () => (await apiCart(request, token)).flatMap((group) => group.items).length)
      .toBeGreaterThanOrEqual(cartBefore + 1);
  });
});
