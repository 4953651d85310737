import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  boxesOffered,
  deletedProductMessages,
  deletedProductsAnswerSchema,
  formatEtaDate,
  MAX_BOXES_PER_PRICE_ROW,
  stemlineMessages,
  type CartLine,
  type CatalogSnapshot,
  type Offer,
  type Variety,
} from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiPublicToken, apiRun, waitForLink } from './support/accounts';
import { apiAddToCart, apiCart, apiCatalog, apiLogin } from './support/api';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { closeProductDetail, offerRow } from './support/catalog';

const GUEST = 'guest@stemline.test';
const NEWBUYER = 'newbuyer@stemline.test';
const HOLD_ENDED_MS = 31 * 60_000;

interface Pick {
  offer: Offer;
  variety: Variety;
}

/**
 * Offers no other spec touches: other specs take the first rows of the catalogue (the first
 * listed card, the first small regular row), so these come from its end, each of a variety whose
 * name no other variety contains (the search then finds its card alone), one variety each, and
 * none already in the buyer's cart (other specs share the demo accounts).
 */
function pickOffers(
  catalog: CatalogSnapshot,
  inCart: readonly CartLine[],
  wanted: readonly { skip?: number; matches: (offer: Offer) => boolean }[],
): Pick[] {
  const taken = new Set(inCart.map((line) => line.inventory_key));
  const varieties = new Map(catalog.varieties.map((variety) => [variety.key, variety]));
  const uniqueName = (variety: Variety): boolean =>
    catalog.varieties.every(
      (other) =>
        other.key === variety.key || !other.name.toLowerCase().includes(variety.name.toLowerCase()),
    );
  const used = new Set<string>();
  return wanted.map(({ skip = 0, matches }) => {
    const candidates = [...catalog.offers]
      .sort((a, b) => b.inventory_key - a.inventory_key)
      .filter((offer) => {
        const variety = varieties.get(offer.variety_key);
        return (
          variety &&
          !used.has(variety.key) &&
          !taken.has(offer.inventory_key) &&
          uniqueName(variety) &&
          matches(offer)
        );
      });
    const offer = candidates[skip];
    const variety = offer && varieties.get(offer.variety_key);
    if (!offer || !variety) throw new Error('the seeded catalogue has no such offer');
    used.add(variety.key);
    return { offer, variety };
  });
}

/** Room for a few more boxes in stock and under the per-row cap, whatever is already in carts. */
const roomy =
  (openMarket: boolean) =>
  (offer: Offer): boolean =>
    offer.open_market === openMarket &&
    boxesOffered(offer) >= 6 &&
    boxesOffered(offer) < MAX_BOXES_PER_PRICE_ROW;

async function serverLines(request: APIRequestContext, token: string): Promise<CartLine[]> {
  return (await apiCart(request, token)).flatMap((group) => group.items);
}

/** What the server still has to tell the customer about (`get_customer_delete_products`). */
async function deletedProductKeys(request: APIRequestContext, token: string): Promise<string[]> {
  const answer = await request.post('/api/customer/get_customer_delete_products', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(answer.ok()).toBe(true);
  return deletedProductsAnswerSchema.parse(await answer.json()).results.map((p) => p.key);
}

const lineOf = (lines: readonly CartLine[], pick: Pick, date: number) =>
  lines.find((line) => line.inventory_key === pick.offer.inventory_key && line.eta_date === date);

/** The label the cart gives a line's controls: variety, length and grower. */
function lineLabel(line: CartLine): string {
  return `${line.variety_name}${line.length > 0 ? ` ${line.length} cm` : ''} from ${line.grower_name}`;
}

/** The box-count field of a cart line (its name is the line's label, then the visible 'Boxes'). */
function boxesField(scope: Locator, line: CartLine): Locator {
  const label = lineLabel(line).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('textbox', { name: new RegExp(`^Boxes of ${label}`) });
}

/** Adds one box of an offer from the catalogue, as a buyer does: search, card, Add. */
async function addFromCatalog(page: Page, pick: Pick, date: number): Promise<void> {
  await page.goto(`/shopping/home?date=${date}&search=${encodeURIComponent(pick.variety.name)}`);
  const row = await offerRow(page, pick.variety.name, pick.offer.inventory_key);
  await row.getByRole('button', { name: /^Add .* to cart$/ }).click();
  await expect(page.getByText('Product successfully added to your shopping cart.')).toBeVisible();
  await closeProductDetail(page, pick.variety.name);
}

/** Navigates within the app without a reload, so an offline page keeps running. */
async function searchInPlace(page: Page, pick: Pick): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(pick.variety.name);
}

/**
 * The guest opens the verification link mailed to it: a guest whose email is not confirmed has
 * every line held 30 minutes (shared `holdsEveryLine`), a confirmed one only open-market lines.
 */
async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = await apiLogin(request, email);
  expect((await apiRun(request, token, 'send_email_verification', { email })).ok()).toBe(true);
  const link = new URL(await waitForLink(request, email, 'email_verification'));
  const params = Object.fromEntries(link.searchParams.entries());
  const visitor = await apiPublicToken(request);
  expect((await apiRun(request, visitor, 'verify_email_account', params)).ok()).toBe(true);
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
  return page;
}

test.describe('reliability of the cart sync', () => {
  test('a buyer offline for longer than a hold edits the cart and comes back: the hold is released and explained, the other edits are kept', async ({
    page,
    context,
    request,
  }) => {
    // Confirmed first (it ends the guest's earlier sessions), so its regular lines are not held.
    await confirmEmail(request, GUEST);
    await page.goto('/shopping/home');
    await logInThroughModal(page, GUEST);
    const date = await catalogDate(page);
    const token = await apiLogin(request, GUEST);
    const catalog = await apiCatalog(request, token, date);
    const before = await serverLines(request, token);
    const [held, regular, added] = pickOffers(catalog, before, [
      { matches: roomy(true) },
      { matches: roomy(false) },
      { matches: roomy(false), skip: 1 },
    ]);
    if (!held || !regular || !added) throw new Error('offers missing');

    // An open-market line (held 30 minutes) and a regular one, in the cart on this device.
    expect((await apiAddToCart(request, token, held.offer, date, 1)).ok()).toBe(true);
    expect((await apiAddToCart(request, token, regular.offer, date, 1)).ok()).toBe(true);
    await page.goto(`/shopping/home?date=${date}`);
    let cart = await openCart(page);
    const heldLine = lineOf(await serverLines(request, token), held, date);
    const regularLine = lineOf(await serverLines(request, token), regular, date);
    if (!heldLine || !regularLine) throw new Error('setup lines missing');
    await expect(boxesField(cart, heldLine)).toHaveValue('1');
    await expect(boxesField(cart, regularLine)).toHaveValue('1');

    // Offline: more boxes of both lines, and a new line from the catalogue.
    await context.setOffline(true);
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await boxesField(cart, regularLine).fill('3');
    await boxesField(cart, regularLine).press('Enter');
    await boxesField(cart, heldLine).fill('2');
    await boxesField(cart, heldLine).press('Enter');
    await expect(page.getByTestId('sync-status')).toContainText('2 pending');
    await page.keyboard.press('Escape');
    await searchInPlace(page, added);
    const row = await offerRow(page, added.variety.name, added.offer.inventory_key);
    await row.getByRole('button', { name: /^Add .* to cart$/ }).click();
    await closeProductDetail(page, added.variety.name);
    await expect(page.getByTestId('sync-status')).toContainText('3 pending');

    // Meanwhile the server's clock passes the end of the hold, and its sweep releases the line.
    const clock = await request.post('/api/test/clock', { data: { advanceMs: HOLD_ENDED_MS } });
    expect(clock.ok()).toBe(true);
    expect(lineOf(await serverLines(request, token), held, date)).toBeUndefined();

    await context.setOffline(false);
    // The guest is told in a message modal (spec §2, §4), named with its boxes, date and why,
    // and acknowledges it from the keyboard; the server then has nothing more to tell. It is
    // told there alone: no toast of the release shows with it.
    const message = page.getByRole('alertdialog', { name: deletedProductMessages.title });
    await expect(message).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(stemlineMessages.reservationExpired(heldLine.variety_name, 1)),
    ).toHaveCount(0);
    await expect(
      message.getByRole('listitem').filter({ hasText: heldLine.variety_name }),
    ).toHaveText(
      `${heldLine.variety_name} — 1 box for ${formatEtaDate(date)}: ${deletedProductMessages.reasons.reservation_expired}`,
    );
    expect(await deletedProductKeys(request, token)).not.toEqual([]);
    await page.keyboard.press('Tab');
    const ok = message.getByRole('button', { name: deletedProductMessages.acknowledge });
    await expect(ok).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(message).toBeHidden();
    await expect.poll(() => deletedProductKeys(request, token)).toEqual([]);

    cart = await openCart(page);
    await expect(boxesField(cart, heldLine)).toBeHidden();
    // The change queued for the released line is answered, not silently dropped.
    await expect(cart.getByText(stemlineMessages.lineNotInCart)).toBeVisible();
    await expect(boxesField(cart, regularLine)).toHaveValue('3');
    await expect(page.getByTestId('sync-status')).toContainText('Online · synced');
    // Told once: no notice of the release in the cart, and no toast of it, beside the message.
    const released = stemlineMessages.reservationExpired(heldLine.variety_name, 1);
    await expect(page.getByText(released)).toHaveCount(0);

    const after = await serverLines(request, token);
    expect(lineOf(after, held, date)).toBeUndefined();
    expect(lineOf(after, regular, date)?.boxes).toBe(3);
    expect(lineOf(after, added, date)?.boxes).toBe(1);
    // The released boxes went back to the open market.
    const stock = (await apiCatalog(request, token, date)).offers.find(
      (offer) => offer.inventory_key === held.offer.inventory_key,
    );
    expect(stock?.available).toBe(held.offer.available);
  });

  test('two tabs of one account converge: an add in either tab shows in the other', async ({
    baseURL,
    request,
  }) => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'stemline-tabs-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions,
      baseURL: baseURL ?? '',
    });
    try {
      const tabA = context.pages()[0] ?? (await context.newPage());
      await tabA.goto('/shopping/home');
      await logInThroughModal(tabA, NEWBUYER);
      const date = await catalogDate(tabA);
      const tabB = await context.newPage();
      await tabB.goto(`/shopping/home?date=${date}`);
      await expect(tabB.getByRole('button', { name: 'Log out' })).toBeVisible();

      const token = await apiLogin(request, NEWBUYER);
      const before = await serverLines(request, token);
      const [fromA, fromB] = pickOffers(await apiCatalog(request, token, date), before, [
        { matches: roomy(false), skip: 2 },
        { matches: roomy(false), skip: 3 },
      ]);
      if (!fromA || !fromB) throw new Error('offers missing');

      await addFromCatalog(tabA, fromA, date);
      const cartB = await openCart(tabB);
      await expect(cartB.getByText(fromA.variety.name)).toBeVisible();
      await tabB.keyboard.press('Escape');

      await addFromCatalog(tabB, fromB, date);
      const cartA = await openCart(tabA);
      await expect(cartA.getByText(fromB.variety.name)).toBeVisible();

      // Both tabs' adds reached the server once each.
      await expect
        .poll(async () => {
          const lines = await serverLines(request, token);
          return [fromA, fromB].map((pick) => lineOf(lines, pick, date)?.boxes ?? 0);
        })
        .toEqual([1, 1]);
      await expect(tabA.getByTestId('sync-status')).toContainText('synced');
      await expect(tabB.getByTestId('sync-status')).toContainText('synced');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('two devices of one account converge through the server’s event stream', async ({
    browser,
    request,
  }) => {
    const [deviceA, deviceB] = await Promise.all([
      signedIn(browser, NEWBUYER),
      signedIn(browser, NEWBUYER),
    ]);
    if (!deviceA || !deviceB) throw new Error('devices did not open');
    try {
      const date = await catalogDate(deviceA);
      await deviceB.goto(`/shopping/home?date=${date}`);
      const token = await apiLogin(request, NEWBUYER);
      const [pick] = pickOffers(
        await apiCatalog(request, token, date),
        await serverLines(request, token),
        [{ matches: roomy(false), skip: 4 }],
      );
      if (!pick) throw new Error('offer missing');

      // Device B stays on its page; only the server's poke can tell it about A's add.
      const cartB = await openCart(deviceB);
      await addFromCatalog(deviceA, pick, date);
      await expect
        .poll(async () => lineOf(await serverLines(request, token), pick, date)?.boxes)
        .toBe(1);
      const line = lineOf(await serverLines(request, token), pick, date);
      if (!line) throw new Error('line missing');
      await expect(boxesField(cartB, line)).toHaveValue('1');

      // And back: B changes the box count, A sees it without reloading.
      await boxesField(cartB, line).fill('2');
      await boxesField(cartB, line).press('Enter');
      const cartA = await openCart(deviceA);
      await expect(boxesField(cartA, line)).toHaveValue('2');
      await expect
        .poll(async () => lineOf(await serverLines(request, token), pick, date)?.boxes)
        .toBe(2);
    } finally {
      await Promise.all([deviceA.context().close(), deviceB.context().close()]);
    }
  });
});
