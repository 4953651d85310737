import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { catalogDeltaAnswerSchema, fromKeySteps, unitsPerBox } from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiAddToCart, apiCatalog, apiLogin } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';

const FLORIST = 'florist@stemline.test';
const OTHER_BUYER = 'newbuyer@stemline.test';
const CARD = '#root article.variety-card';

/** Signs the florist in through the modal, past the welcome dialog visitors first see. */
async function signIn(page: Page): Promise<void> {
  await page.goto('/shopping/home');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
  if (await welcome.isVisible({ timeout: 3000 }).catch(() => false)) {
    await page.keyboard.press('Escape');
    await expect(welcome).toBeHidden();
  }
  await logInThroughModal(page, FLORIST);
}

/** Catalogue calls the page makes: the compact snapshot and the delta, by date. */
function watchCatalogCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/catalog\/\d{8}\/(compact|delta)$/.test(pathname)) calls.push(pathname);
  });
  return calls;
}

test.describe('catalogue cached on the device', () => {
  let context: BrowserContext;
  let profile: string;
  let page: Page;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB and a real service worker, as on a buyer's tablet.
    profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-catalog-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL: baseURL ?? '',
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('a cached date opens offline, with the stock figures marked by their age', async () => {
    const calls = watchCatalogCalls(page);
    await signIn(page);
    const date = await catalogDate(page);
    const firstCard = page.locator(CARD).first();
    await expect(firstCard).toBeVisible();
    const varietyName = (await firstCard.getByRole('heading').textContent()) ?? '';
    const stock = (await firstCard.locator('.offer-status__stock').textContent()) ?? '';
    expect(calls).toContain(`/api/catalog/${date}/compact`);
    await expect(page.getByTestId('stock-age')).toContainText('Stock updated just now');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Two hours later, with no network at all.
    await context.setOffline(true);
    await page.clock.install({ time: Date.now() + 2 * 3600_000 });
    calls.length = 0;
    await page.reload();
    await expect(page.getByRole('heading', { name: varietyName }).first()).toBeVisible();
    await expect(page.locator(CARD).first().locator('.offer-status__stock')).toHaveText(stock);
    await expect(page.getByTestId('stock-age')).toHaveText('Offline — stock as of 2 h ago');
    expect(calls).toEqual([]);

    // Another date was never downloaded: it says so instead of showing stale or empty data.
    const other = page.getByRole('heading', { name: 'This date is not on this device yet' });
    await page.goto(`/shopping/home?date=${nextWeekdayAfter(date)}`);
    await expect(other).toBeVisible();
  });

  test('back online, only the stock that changed is fetched, and it shows', async ({ request }) => {
    await signIn(page);
    const date = await catalogDate(page);
    await expect(page.locator(CARD).first()).toBeVisible();
    await expect(page.getByTestId('stock-age')).toBeVisible();

    // A row on screen with between 4 and 29 boxes, so that selling two shows.
    const rows = page.locator(`${CARD} li[data-testid^="offer-"]`);
    let target: { key: number; boxes: number } | undefined;
    for (let i = 0; i < (await rows.count()) && !target; i++) {
      const row = rows.nth(i);
      const boxes = Number(
        /^(\d+) boxes$/.exec((await row.locator('.offer-status__stock').textContent()) ?? '')?.[1],
      );
      const key = Number((await row.getAttribute('data-testid'))?.replace('offer-', ''));
      if (boxes >= 4 && boxes <= 29) target = { key, boxes };
    }
    if (!target) throw new Error('no row on screen with 4 to 29 boxes');
    const row = page.getByTestId(`offer-${target.key}`);

    // Another buyer takes two boxes of that row.
    const token = await apiLogin(request, OTHER_BUYER);
    const offer = (await apiCatalog(request, token, date)).offers.find(
      (candidate) => candidate.inventory_key === target.key,
    );
    if (!offer) throw new Error('the row is not in the server catalogue');
    expect((await apiAddToCart(request, token, offer, date, 2)).ok()).toBe(true);

    const calls = watchCatalogCalls(page);
    const deltaAnswer = page.waitForResponse((response) =>
      response.url().includes(`/api/catalog/${date}/delta`),
    );
    // The page checks again when the window regains focus (and every minute).
    const focusedAt = await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      return performance.now();
    });
    const delta = catalogDeltaAnswerSchema.parse(await (await deltaAnswer).json());
    expect(delta.reset).toBe(false);
    const index = fromKeySteps(delta.stock.keySteps).indexOf(target.key);
    expect(delta.stock.available[index]).toBe(offer.available - 2 * unitsPerBox(offer));

    await expect(row.locator('.offer-status__stock')).toHaveText(stockText(target.boxes - 2));
    expect(calls.filter((call) => call.endsWith('/compact'))).toEqual([]);

    // The patched copy is what the device keeps: offline, the new figure stays. The page shows
    // the figure first and stores the copy after (use-catalog.ts), so the reload waits for that.
    await page.waitForFunction(
      (after) =>
        performance
          .getEntriesByName('stemline:catalog-stored')
          .some((mark) => mark.startTime > after),
      focusedAt,
    );
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(row.locator('.offer-status__stock')).toHaveText(stockText(target.boxes - 2));
  });
});

function stockText(boxes: number): string {
  return boxes <= 3 ? `Only ${boxes} ${boxes === 1 ? 'box' : 'boxes'} left` : `${boxes} boxes`;
}

function nextWeekdayAfter(date: number): number {
  const text = String(date);
  const day = new Date(
    Date.UTC(Number(text.slice(0, 4)), Number(text.slice(4, 6)) - 1, Number(text.slice(6, 8))),
  );
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.getUTCFullYear() * 10_000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
}
