import { expect, test, type Page } from '@playwright/test';
import {
  bunchesInStock,
  customBoxBunchCount,
  percentPerBunch,
  type CatalogSnapshot,
  type Offer,
} from '@stemline/shared';
import { skipWelcome } from './support/accounts';
import { apiCatalog } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';
import { openProductDetail } from './support/catalog';
import { sessionToken } from './support/delivery';

/** The test's own page (a fresh context), signed in through the modal. */
async function signIn(page: Page, email: string): Promise<void> {
  await skipWelcome(page);
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
}

const params = (page: Page) => new URL(page.url()).searchParams;

/** The variety name on the first card of the list. */
async function firstVarietyName(page: Page): Promise<string> {
  const heading = page.locator('#root article.variety-card').first().getByRole('heading');
  return (await heading.innerText()).trim();
}

test('the product detail lives in the URL: reload and shared links reopen it, Back and Close close it', async ({
  page,
}) => {
  await signIn(page, 'florist@stemline.test');
  const date = await catalogDate(page);
  await page.getByRole('radio', { name: 'List' }).click();
  await expect(page).toHaveURL(/view=list/);
  const name = await firstVarietyName(page);

  await openProductDetail(page, name);
  const key = params(page).get('variety');
  expect(key).toBeTruthy();
  // The catalogue's own parameters are kept beside it.
  expect(params(page).get('date')).toBe(String(date));
  expect(params(page).get('view')).toBe('list');

  await page.reload();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  expect(params(page).get('variety')).toBe(key);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]variety=/);
  expect(params(page).get('date')).toBe(String(date));
  expect(params(page).get('view')).toBe('list');

  // Opened from the list, Back closes it and Forward opens it again.
  await openProductDetail(page, name);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]variety=/);
  expect(params(page).get('date')).toBe(String(date));
  await page.goForward();
  await expect(dialog).toBeVisible();
  // Closing steps back over the entry it opened: Back afterwards does not reopen it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]variety=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]variety=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A shared link opens the detail in a fresh tab.
  const shared = `/shopping/home?date=${date}&variety=${key ?? ''}`;
  const other = await page.context().newPage();
  await other.goto(shared);
  const sharedDialog = other.getByRole('dialog', { name });
  await expect(sharedDialog).toBeVisible();
  await sharedDialog.getByRole('button', { name: 'Close' }).click();
  await expect(sharedDialog).toBeHidden();
  await expect(other).not.toHaveURL(/[?&]variety=/);
  expect(params(other).get('date')).toBe(String(date));

  // A malformed or unknown key opens nothing and breaks nothing.
  await other.goto(`/shopping/home?date=${date}&variety=no-such-variety`);
  await expect(other.locator('#root article.variety-card').first()).toBeVisible();
  await expect(other.getByRole('dialog')).toHaveCount(0);
});

/** A row a custom box can take, with room and stock for several more bunches. */
function pickOffers(snapshot: CatalogSnapshot): { offer: Offer; varietyName: string } {
  const names = new Map(snapshot.varieties.map((v) => [v.key, v.name]));
  for (const offer of snapshot.offers) {
    const perBunch = percentPerBunch(offer);
    if (offer.open_market || perBunch <= 0 || perBunch > 20) continue;
    if (bunchesInStock(offer) < 10) continue;
    const varietyName = names.get(offer.variety_key);
    if (varietyName) return { offer, varietyName };
  }
  throw new Error('no row a custom box can take');
}

test("the detail's custom-box bunch count leaves out what the buyer's open box of that grower already holds", async ({
  page,
}) => {
  await signIn(page, 'newbuyer@stemline.test');
  const date = await catalogDate(page);
  const token = await sessionToken(page);
  const { offer, varietyName } = pickOffers(await apiCatalog(page.request, token, date));
  const boxKey = `cb-e2e-${Math.random().toString(36).slice(2, 10)}`;
  const headers = { Authorization: `Bearer ${token}` };
  const upsert = await page.request.post('/api/cart_box/upsert_custom_box', {
    headers,
    data: {
      key: boxKey,
      grower: offer.grower_key,
      eta_date: date,
      items: [{ inventory: offer.inventory_key, quantity: 2 }],
    },
  });
  expect(upsert.ok()).toBe(true);
  const box = ((await upsert.json()) as { box: { fill_percent: number } }).box;
  try {
    // The stock the figures use is the server's after the box took its bunches.
    const after = (await apiCatalog(page.request, token, date)).offers.find(
      (candidate) => candidate.inventory_key === offer.inventory_key,
    );
    if (!after) throw new Error('the row is gone');
    const fits = customBoxBunchCount({
      filledPercentage: box.fill_percent,
      percentPerBunch: percentPerBunch(after),
      bunchesInStock: bunchesInStock(after),
    });
    const fresh = customBoxBunchCount({
      filledPercentage: 0,
      percentPerBunch: percentPerBunch(after),
      bunchesInStock: bunchesInStock(after),
    });
    expect(fits).toBeLessThan(fresh);

    await page.goto(`/shopping/home?date=${date}&search=${encodeURIComponent(varietyName)}`);
    const dialog = await openProductDetail(page, varietyName);
    const row = dialog.getByTestId(`offer-${offer.inventory_key}`);
    if (!(await row.isVisible()))
      await dialog.getByRole('button', { name: 'Show all offers' }).click();
    await expect(row.locator('[data-figure="custom-box"]')).toHaveText(
      `${fits} ${fits === 1 ? 'bunch fits' : 'bunches fit'} in your open box (${Math.round(box.fill_percent)}% full)`,
    );
    // Rows of other growers still count a new box.
    const otherGrowers = dialog.locator(
      `section.product-detail__grower:not([data-testid="grower-${offer.grower_key}"])`,
    );
    for (const figure of await otherGrowers.locator('[data-figure="custom-box"]').all()) {
      await expect(figure).not.toContainText('open box');
    }
  } finally {
    const removed = await page.request.post('/api/cart_box/remove_from_box', {
      headers,
      data: { key: boxKey, inventory: offer.inventory_key },
    });
    expect(removed.ok()).toBe(true);
  }
});
