import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { boxesOffered, MAX_BOXES_PER_PRICE_ROW, unitsPerBox } from '@stemline/shared';
import { apiAddToCart, apiCart, apiCatalog, apiLogin } from './support/api';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { closeProductDetail, offerRow } from './support/catalog';

const BUYERS = ['florist@stemline.test', 'newbuyer@stemline.test'] as const;

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
  return page;
}

test('two buyers race for the last box of an offer: the server sells one, and the other is told why', async ({
  browser,
  request,
}) => {
  const [first, second] = await Promise.all(BUYERS.map((email) => signedInPage(browser, email)));
  if (!first || !second) throw new Error('pages did not open');
  const date = await catalogDate(first);
  await second.goto(`/shopping/home?date=${date}`);

  // A third account buys all but one box of a small, regular offer of the first listed variety.
  const drainer = await apiLogin(request, 'guest@stemline.test');
  const catalog = await apiCatalog(request, drainer, date);
  const offer = catalog.offers.find(
    (o) => !o.open_market && boxesOffered(o) >= 2 && boxesOffered(o) < MAX_BOXES_PER_PRICE_ROW,
  );
  if (!offer) throw new Error('no suitable offer in the seed');
  const drain = await apiAddToCart(request, drainer, offer, date, boxesOffered(offer) - 1);
  expect(drain.ok()).toBe(true);

  // Both buyers see the fresh figure: one box left.
  const variety = catalog.varieties.find((v) => v.key === offer.variety_key);
  if (!variety) throw new Error('variety missing');
  const rows: Locator[] = [];
  for (const page of [first, second]) {
    await page.goto(`/shopping/home?date=${date}&search=${encodeURIComponent(variety.name)}`);
    const row = await offerRow(page, variety.name, offer.inventory_key);
    await expect(row).toContainText('1 box');
    rows.push(row);
  }

  const addButtons = rows.map((row) => row.getByRole('button', { name: /^Add .* to cart$/ }));
  await Promise.all(addButtons.map((button) => button.click()));
  for (const page of [first, second]) await closeProductDetail(page, variety.name);

  const tokens = await Promise.all(BUYERS.map((email) => apiLogin(request, email)));
  await expect
    .poll(async () => {
      const carts = await Promise.all(tokens.map((token) => apiCart(request, token)));
      return carts.map(
        (groups) =>
          groups
            .flatMap((g) => g.items)
            .find((l) => l.inventory_key === offer.inventory_key && l.eta_date === date)?.boxes ??
          0,
      );
    })
    .toEqual(expect.arrayContaining([1, 0]));

  // Exactly the stock was sold: the drained boxes plus the winner's one, and nothing below zero.
  const after = (await apiCatalog(request, drainer, date)).offers.find(
    (o) => o.inventory_key === offer.inventory_key,
  );
  expect(after?.available).toBe(offer.available - boxesOffered(offer) * unitsPerBox(offer));

  const carts = await Promise.all(tokens.map((token) => apiCart(request, token)));
  const loserIndex = carts.findIndex(
    (groups) =>
      !groups
        .flatMap((g) => g.items)
        .some((l) => l.inventory_key === offer.inventory_key && l.eta_date === date),
  );
  const loser = [first, second][loserIndex];
  if (!loser) throw new Error('no loser found');
  const cart = await openCart(loser);
  await expect(cart.getByText('Sorry, this offer just sold out: no boxes are left.')).toBeVisible();
  // The loser's cart shows no line of that offer (other specs may have left other lines there).
  await expect(cart.locator('li.cart-line', { hasText: variety.name })).toHaveCount(0);
});

test('issue 27.6: the last box, tapped four times: one add, Add goes off, one toast, no stacked notices', async ({
  browser,
  request,
}) => {
  // A buyer with no orders yet gets the automatic date: no calendar on the way.
  const page = await signedInPage(browser, 'newbuyer@stemline.test');
  const date = await catalogDate(page);
  const drainer = await apiLogin(request, 'guest@stemline.test');
  const catalog = await apiCatalog(request, drainer, date);
  // Not the offer the race above drained: the second suitable one.
  const offer = catalog.offers.filter(
    (o) => !o.open_market && boxesOffered(o) >= 2 && boxesOffered(o) < MAX_BOXES_PER_PRICE_ROW,
  )[1];
  if (!offer) throw new Error('no suitable offer in the seed');
  const drain = await apiAddToCart(request, drainer, offer, date, boxesOffered(offer) - 1);
  expect(drain.ok()).toBe(true);
  const variety = catalog.varieties.find((v) => v.key === offer.variety_key);
  if (!variety) throw new Error('variety missing');

  await page.goto(`/shopping/home?date=${date}&search=${encodeURIComponent(variety.name)}`);
  const row = await offerRow(page, variety.name, offer.inventory_key);
  await expect(row).toContainText('Only 1 box left');
  const add = row.getByRole('button', { name: /^Add .* to cart$/ });
  await add.click();
  // The tap took the last box: the row says so at once and Add is off for the next taps.
  await expect(add).toBeDisabled();
  await expect(row).toContainText('Sold out');
  await expect(row).toContainText('1 in cart');
  await expect(row).not.toContainText('Only 1 box left');
  for (let tap = 0; tap < 3; tap += 1) await add.click({ force: true });

  const token = await apiLogin(request, 'newbuyer@stemline.test');
  await expect
    .poll(async () =>
      (await apiCart(request, token))
        .flatMap((g) => g.items)
        .filter((l) => l.inventory_key === offer.inventory_key && l.eta_date === date)
        .map((l) => l.boxes),
    )
    .toEqual([1]);
  await expect(page.getByText('Product successfully added to your shopping cart.')).toHaveCount(1);
  await expect(page.getByText('Sorry, this offer just sold out: no boxes are left.')).toHaveCount(
    0,
  );
  await closeProductDetail(page, variety.name);
  const cart = await openCart(page);
  await expect(cart.locator('.cart__problem')).toHaveCount(0);
});
