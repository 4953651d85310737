import { expect, test, type Page } from '@playwright/test';
import { catalogDate, logInThroughModal } from './support/app';
import { cardNames } from './support/catalog';

const BUYER = 'newbuyer@stemline.test';
const CARD = '#root article.variety-card';

function favouritesFilter(page: Page) {
  return page.getByRole('checkbox', { name: /^Favourites/ });
}

/** Ticks or unticks the 'Favourites' filter by its label, as a pointer user does. */
async function showFavourites(page: Page, on: boolean): Promise<void> {
  const filter = favouritesFilter(page);
  if ((await filter.isChecked()) !== on) await filter.locator('xpath=ancestor::label').click();
  await expect(filter).toBeChecked({ checked: on });
}

/** The names in the favourites view, once it has settled on `count` cards (or its empty state). */
async function favouriteNames(page: Page, count: number): Promise<string[]> {
  if (count === 0) {
    await expect(page.getByRole('heading', { name: 'No favourites yet' })).toBeVisible();
    return [];
  }
  await expect(page.locator(CARD)).toHaveCount(count);
  return (await cardNames(page)).sort();
}

test('the Favourites filter lists exactly the hearted varieties, also offline', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/shopping/home');
  await logInThroughModal(page, BUYER);
  await catalogDate(page);
  await expect(page.locator(CARD).nth(2)).toBeVisible();

  // Start from no favourites: other tests may have left some on this account.
  await showFavourites(page, true);
  await expect(page).toHaveURL(/[?&]favorites=1(&|$)/);
  const hearts = page.locator(`${CARD} button[aria-pressed="true"][aria-label^="Favourite "]`);
  await expect(page.locator(`${CARD}, .sl-empty-state`).first()).toBeVisible();
  while ((await hearts.count()) > 0) await hearts.first().click();
  expect(await favouriteNames(page, 0)).toEqual([]);
  await showFavourites(page, false);

  const names = (await cardNames(page)).slice(0, 3);
  const chosen = [names[0], names[2]].filter((name): name is string => name !== undefined);
  expect(chosen).toHaveLength(2);
  for (const name of chosen) {
    const heart = page.getByRole('button', { name: `Favourite ${name}`, exact: true }).first();
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(favouritesFilter(page)).toHaveAccessibleName('Favourites 2 varieties');

  await showFavourites(page, true);
  expect(await favouriteNames(page, 2)).toEqual([...chosen].sort());

  // Offline, after a reload: the device's own copy of the catalogue and of the favourites.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(favouritesFilter(page)).toBeChecked();
  expect(await favouriteNames(page, 2)).toEqual([...chosen].sort());

  // A heart taken back offline leaves the view at once.
  const [kept, dropped] = chosen;
  await page.getByRole('button', { name: `Favourite ${dropped}`, exact: true }).click();
  expect(await favouriteNames(page, 1)).toEqual([kept]);
  await context.close();
});
