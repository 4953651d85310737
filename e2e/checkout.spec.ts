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
import {
  bunchesInStock,
  cartLineKey,
  formatCents,
  percentPerBunch,
  stemPriceCents,
  unitsPerBox,
  type CartGroup,
  type CustomBox,
  type Favorite,
  type Offer,
} from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import {
  apiAddToCart,
  apiCatalog,
  apiDeleteCartLines,
  apiLogin,
  DEMO_PASSWORD,
} from './support/api';
import { catalogDate, openCart } from './support/app';
import { ensureTestCard } from './support/cards';

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
  let etaDate = 0;

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
    etaDate = await catalogDate(page);
  });

  test.afterEach(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('a florist adds to cart, saves a card, checks out with it and sees the order', async ({
    request,
  }) => {
    const token = await sessionToken(page);
    const card = page.locator('#root article.variety-card').first();
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
    // On a phone the card's name wraps rather than being cut to 'Visa ending 1111, expires 1…'.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /Pay with$/ })
          .locator('.sl-select__value')
          .evaluate((value) => value.scrollWidth - value.clientWidth),
      )
      .toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });

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
    // The order's line names the variety (its delivery journey names it too, with the farm).
    await expect(order.locator('.checkout-line__name', { hasText: varietyName })).toBeVisible();

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

  test('checkout orders closed custom boxes and leaves open ones in the cart', async ({
    request,
  }) => {
    const token = await sessionToken(page);
    const auth = { Authorization: `Bearer ${token}` };
    const rows = (await apiCatalog(request, token, etaDate)).offers.filter(
      (o) => !o.open_market && bunchesInStock(o) >= 10 && percentPerBunch(o) <= 25,
    );
    const byGrower = new Map<string, Offer[]>();
    for (const row of rows)
      byGrower.set(row.grower_key, [...(byGrower.get(row.grower_key) ?? []), row]);
    const [first, second] = [...byGrower.values()].find((list) => list.length >= 2) ?? [];
    if (!first || !second) throw new Error('no grower with two rows for a custom box');
    const stamp = Date.now().toString(36);
    const fill = async (key: string, offer: Offer): Promise<CustomBox> => {
      const response = await request.post('/api/cart_box/upsert_custom_box', {
        headers: auth,
        data: {
          key,
          grower: offer.grower_key,
          eta_date: etaDate,
          items: [{ inventory: offer.inventory_key, quantity: 2 }],
        },
      });
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { box: CustomBox }).box;
    };
    const closed = await fill(`cb-e2e-closed-${stamp}`, first);
    const open = await fill(`cb-e2e-open-${stamp}`, second);
    const closing = await request.post('/api/cart_box/close_box', {
      headers: auth,
      data: { key: closed.key },
    });
    expect(closing.ok()).toBe(true);
    await ensureTestCard(request, token, 'Flora Bennett');

    await page.goto('/checkout');
    const boxes = page.getByRole('region', { name: 'Custom boxes' });
    await expect(boxes.getByTestId('checkout-box')).toHaveCount(1);
    await expect(boxes.getByTestId('checkout-box')).toContainText(
      `Custom box from ${closed.grower_name}`,
    );
    await expect(boxes.getByTestId('checkout-box')).toContainText(
      closed.items[0]?.variety_name ?? 'missing item',
    );
    await expect(boxes.getByTestId('open-boxes-note')).toHaveText(
      'Only closed custom boxes are ordered: close your open custom box to order it; until then it stays in your cart.',
    );
    await expect(page.getByText('Checking prices and stock…')).toBeHidden();
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('heading', { name: /^Order PO-\d{8}-\d+ is placed\.$/ });
    await expect(placed).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('ordered-box')).toContainText(
      `Custom box from ${closed.grower_name}`,
    );

    // Server side: the closed box left the cart, the open one stayed.
    await expect
      .poll(async () => {
        const answer = await request.post('/api/cart_box/search_cartbox_key', {
          headers: auth,
          data: { inventory: second.inventory_key },
        });
        return JSON.stringify(await answer.json());
      })
      .toContain(open.key);

    const number = ((await placed.textContent()) ?? '').replace(/^Order | is placed\.$/g, '');
    await page.getByRole('link', { name: 'See your orders' }).click();
    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: number }) });
    // Arriving from the confirmation, the order is highlighted and open.
    await expect(order.getByRole('button', { name: 'Hide details' })).toBeVisible();
    await expect(order.getByTestId('order-box')).toContainText(
      `Custom box from ${closed.grower_name}`,
    );

    // Leave the shared demo cart as found: the open box goes back to stock.
    await apiDeleteCartLines(request, token, [open.key]);
  });

  test('a staff price change shows in the open cart with a notice, without a reload; notices are dismissed one after another by keyboard', async ({
    request,
  }) => {
    const token = await sessionToken(page);
    const [offer, other] = (await apiCatalog(request, token, etaDate)).offers.filter(
      (o) => !o.open_market && o.available >= 3 * unitsPerBox(o),
    );
    if (!offer || !other) throw new Error('no two regular rows with stock');
    expect((await apiAddToCart(request, token, offer, etaDate, 1)).ok()).toBe(true);
    expect((await apiAddToCart(request, token, other, etaDate, 1)).ok()).toBe(true);
    const cart = await openCart(page);
    const line = cart
      .locator('li')
      .filter({ hasText: formatCents(offer.stem_price_cents) })
      .first();
    await expect(line).toBeVisible({ timeout: 20_000 });

    const manager = await apiLogin(request, 'manager@stemline.test');
    const raise = async (row: typeof offer) => {
      const grower_price_mills = row.grower_price_mills + 350;
      const changed = await request.post('/api/catalog/offer_price', {
        headers: { Authorization: `Bearer ${manager}` },
        data: { inventory_key: row.inventory_key, grower_price_mills },
      });
      expect(changed.ok()).toBe(true);
      return stemPriceCents({ ...row, grower_price_mills }, row);
    };
    const newPrice = await raise(offer);
    const otherPrice = await raise(other);

    // The SSE poke makes the open cart pull: new price, the line's note and the server's notice.
    await expect(
      cart.getByText(
        `Price changed from ${formatCents(offer.stem_price_cents)} since you added it.`,
      ),
    ).toBeVisible({ timeout: 20_000 });
    await expect(cart.getByText(`${formatCents(newPrice)}/`).first()).toBeVisible();
    const notices = cart.getByRole('list', { name: 'Notices' });
    const noticeOf = (row: typeof offer, price: number) =>
      notices.getByRole('listitem').filter({
        hasText: `changed from ${formatCents(row.stem_price_cents)} to ${formatCents(price)}`,
      });
    await expect(noticeOf(offer, newPrice)).toBeVisible();
    await expect(noticeOf(other, otherPrice)).toBeVisible();

    // Leave the shared demo cart as found: other specs pick offers from the same catalogue, and
    // the florist's next sign-in would toast the notices again.
    const topBefore = (await cart.boundingBox())?.y;
    await apiDeleteCartLines(request, token, [
      cartLineKey(offer.inventory_key, etaDate),
      cartLineKey(other.inventory_key, etaDate),
    ]);
    // The removal reaches the open cart by its own pull and shrinks the dialog from below: its
    // top edge, and what is above the removed line, stay where they were.
    await expect(
      cart.getByText(
        `Price changed from ${formatCents(offer.stem_price_cents)} since you added it.`,
      ),
    ).toBeHidden();
    expect((await cart.boundingBox())?.y).toBe(topBefore);

    // A keyboard user dismisses a notice: focus goes to the Dismiss now in its place, so Enter
    // again dismisses the next one (not back to the cart's Close).
    const dismissAll = notices.getByRole('button', { name: 'Dismiss' });
    const before = await dismissAll.count();
    const first = noticeOf(offer, newPrice).getByRole('button', { name: 'Dismiss' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(noticeOf(offer, newPrice)).toHaveCount(0);
    await expect(dismissAll).toHaveCount(before - 1);
    await expect(page.locator(':focus')).toHaveAccessibleName('Dismiss');
    await expect(notices.locator(':focus')).toHaveCount(1);
    await noticeOf(other, otherPrice).getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect(noticeOf(other, otherPrice)).toHaveCount(0);
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
    const cards = page.locator('#root article.variety-card');
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
