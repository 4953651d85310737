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
  boxesOffered,
  shoppingListCardMessages,
  shoppingListMessages,
  standingOrderMessages,
  stemlineMessages,
  type Order,
  type ShoppingList,
} from '@stemline/shared';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { apiAddToCart, apiCart, apiCatalog, apiLogin } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';
import { closeProductDetail, openProductDetail } from './support/catalog';
import { fillOutbox } from './support/outbox-writes';

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

/** The yyyyMMdd of a day label such as 'Mon, Nov 30' (formatEtaDate), within the coming year. */
function etaDateOfLabel(label: string): number {
  const year = new Date().getUTCFullYear();
  for (const candidate of [year, year + 1]) {
    const day = new Date(`${label.replace(/^\w+, /, '')} ${candidate} 12:00 UTC`);
    if (day.getTime() > Date.now() - 86_400_000)
      return Number(day.toISOString().slice(0, 10).replaceAll('-', ''));
  }
  throw new Error(`not a coming day: ${label}`);
}

/** The context's page, the florist signed in on the catalogue, and its delivery date. */
async function signInFlorist(context: BrowserContext): Promise<{ page: Page; date: number }> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  return { page, date: await catalogDate(page) };
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

  test('a florist builds a list offline from the product detail; it syncs online and runs into the cart with what fell short explained', async ({
    request,
  }) => {
    const { page, date } = await signInFlorist(context);
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
      const name = (await card.getByRole('heading').first().textContent()) ?? '';
      names.push(name);
      // From the product detail, beside its Add to cart.
      const detail = await openProductDetail(page, name);
      await detail
        .getByRole('button', { name: /^Add to list: / })
        .first()
        .click();
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
      await closeProductDetail(page, name);
    }
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: 'Shopping lists' }).click();
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
    await expect(report.getByText(/ 1\s+cm is not offered for this date\.$/)).toBeVisible();
    await expect(report.getByText('Nearest alternatives (not added):')).toBeVisible();
    await expect(report.getByText('Same variety from another farm').first()).toBeVisible();
    await expect(report.getByText('Added', { exact: true })).toHaveCount(2);
    await expect
      .poll(async () => (await apiCart(request, token)).flatMap((group) => group.items).length)
      .toBeGreaterThanOrEqual(cartBefore + 1);
  });

  test('removing a row or a list from the keyboard keeps focus on the lists page', async ({
    request,
  }) => {
    const { page, date } = await signInFlorist(context);
    await page.goto('/shopping/home/account/lists');
    // A refused name puts focus on the field with the error, not on the button (audit 81, 5).
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByRole('textbox', { name: 'New list name' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'New list name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('textbox', { name: 'New list name' }).fill('Keyboard pails');
    await page.getByRole('button', { name: 'Create list' }).click();
    const list = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Keyboard pails' }) });
    await expect(list.getByText('Waiting to sync')).toBeHidden({ timeout: 30_000 });
    const token = await apiLogin(request, FLORIST);
    const stored = (await apiLists(request, token)).find((l) => l.name === 'Keyboard pails');
    const offers = (await apiCatalog(request, token, date)).offers;
    const varieties = [...new Map(offers.map((offer) => [offer.variety_key, offer])).values()];
    if (!stored || varieties.length < 2) throw new Error('no list or too few varieties');
    for (const [index, offer] of varieties.slice(0, 2).entries()) {
      const added = await request.post('/api/shopping_list/add_item', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          list_key: stored.key,
          item: {
            key: `it-e2e-focus-${index}`,
            variety_key: offer.variety_key,
            variety_name: '',
            // The second without a stem length: its row shows none (it said "0 cm").
            length: index === 0 ? offer.length : 0,
            quantity: 1,
            unit: 'box',
            grower_key: null,
          },
        },
      });
      expect(added.ok()).toBe(true);
    }
    const removes = list.getByRole('button', { name: /^Remove / });
    await expect(removes).toHaveCount(2);
    const firstLength = varieties[0]?.length ?? 0;
    await expect(list.locator('tbody tr td:first-of-type')).toHaveText([
      firstLength > 0 ? `${firstLength} cm` : '',
      '',
    ]);
    // Before, each removal dropped focus to the page's body.
    await removes.first().focus();
    await page.keyboard.press('Enter');
    await expect(removes).toHaveCount(1);
    await expect(removes.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list.getByRole('heading', { name: 'Keyboard pails' })).toBeFocused();
    // A device that cannot store the change says so, and nothing changes: the delete and a new
    // list were dropped without a word before.
    await fillOutbox(page, true);
    await list.getByRole('button', { name: 'Delete list' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the list Keyboard pails?' });
    await confirm.getByRole('button', { name: 'Delete list' }).click();
    const refusal = page.locator('.sl-toast', { hasText: shoppingListMessages.listErrorTitle });
    await expect(refusal).toContainText(stemlineMessages.storageFull);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refusal).toHaveCount(0);
    await page.getByRole('textbox', { name: 'New list name' }).fill('Kept name');
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(refusal).toContainText(stemlineMessages.storageFull);
    await expect(page.getByRole('textbox', { name: 'New list name' })).toHaveValue('Kept name');
    await expect(list.getByRole('heading', { name: 'Keyboard pails' })).toBeVisible();
    await fillOutbox(page, false);
    // Deleting asks first, naming the list; Escape keeps it, and focus comes back (audit 81, 2).
    const deleteList = list.getByRole('button', { name: 'Delete list' });
    await deleteList.focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toContainText(shoppingListCardMessages.deleteListBody);
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteList).toBeFocused();
    await expect(list.getByRole('heading', { name: 'Keyboard pails' })).toBeVisible();
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'Delete list' }).focus();
    await page.keyboard.press('Enter');
    await expect(list).toHaveCount(0);
    // On the next list's name, or the page's when this was the only one.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName))
      .toMatch(/^H[12]$/);
  });

  test('a run while Stemline cannot be reached says it waits, hides the last report and is not added twice', async ({
    request,
  }) => {
    // A new account: the demo buyers' carts and lists stay as they were for later specs.
    const email = uniqueEmail('list-run-down');
    const token = await apiSignUp(request, email, { company_name: 'Waiting Wisteria' });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, email, NEW_PASSWORD);
    const date = await catalogDate(page);
    const offer = (await apiCatalog(request, token, date)).offers.find(
      (candidate) => !candidate.open_market && boxesOffered(candidate) >= 3,
    );
    if (!offer) throw new Error('no regular row with three boxes');
    const created = await request.post('/api/shopping_list/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { key: 'sl-e2e-run-down', name: 'Down pails' },
    });
    expect(created.ok()).toBe(true);
    const added = await request.post('/api/shopping_list/add_item', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        list_key: 'sl-e2e-run-down',
        item: {
          key: 'it-e2e-run-down',
          variety_key: offer.variety_key,
          variety_name: '',
          length: offer.length,
          quantity: 1,
          unit: 'box',
          grower_key: null,
        },
      },
    });
    expect(added.ok()).toBe(true);
    await page.goto('/shopping/home/account/lists');
    const list = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Down pails' }) });
    const run = list.getByRole('button', { name: 'Add list to cart' });
    const report = list.getByRole('region', { name: /^Added to cart for / });
    await run.click();
    await expect(report.getByText('All 1 item was added to your cart.')).toBeVisible();
    const boxes = async () =>
      (await apiCart(request, token))
        .flatMap((group) => group.items)
        .reduce((sum, item) => sum + item.boxes, 0);
    const once = await boxes();

    // Stemline cannot be reached (the device is online): the run waits, and says so.
    await page.route('**/api/sync/push', (route) => route.abort());
    await run.click();
    await expect(list.getByRole('status')).toHaveText(shoppingListCardMessages.runWaiting, {
      timeout: 30_000,
    });
    // The previous run's report is not shown as this run's, and a second press adds nothing.
    await expect(report).toHaveCount(0);
    await expect(run).toHaveAttribute('aria-disabled', 'true');
    await run.click({ force: true });
    await page.unroute('**/api/sync/push');
    await expect(report.getByText('All 1 item was added to your cart.')).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(boxes).toBe(once * 2);
    await expect(list.getByRole('status')).toHaveCount(1);
  });

  test('"Order again" on a past order: the sold-out line is flagged, a substitute proposed and not added', async ({
    request,
  }) => {
    const token = await apiLogin(request, FLORIST);
    // The newest of the florist's orders with boxes of flowers to order again: the very last one
    // may hold only a custom box (checkout.spec orders one, and may run before in this lane).
    const pulled = await request.get('/api/sync/pull/orders?checkpoint=0', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(pulled.ok()).toBe(true);
    const orders = (
      (await pulled.json()) as { documents: (Order & { _deleted?: boolean })[] }
    ).documents
      .filter((order) => !order._deleted)
      .sort((a, b) => b.created_at - a.created_at);
    const order = orders.find((o) => o.lines.some((line) => line.status === 'placed'));
    if (!order) throw new Error('the florist has no order with boxes of flowers');
    const lines = order.lines.filter((line) => line.status === 'placed');

    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    await page.getByRole('link', { name: 'Orders' }).click();
    const panel = page.getByRole('region', { name: 'Order again' });
    await expect(panel.getByRole('button', { name: /Last order/ })).toBeVisible();
    await panel.getByRole('button', { name: /Last order/ }).click();
    await page
      .getByRole('option', { name: new RegExp(`^(Last order|Order) ${order.number},`) })
      .click();
    // The orders' list has closed: its options are not read as the days'.
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Delivery date' }).click();
    const firstDay = page.getByRole('option').first();
    const dayLabel = (await firstDay.textContent()) ?? '';
    await firstDay.click();

    // Another buyer takes every box of the order's first line for that day.
    const date = etaDateOfLabel(dayLabel);
    const first = lines[0];
    const offer = (await apiCatalog(request, token, date)).offers.find(
      (o) =>
        o.variety_key === first?.variety_key &&
        o.grower_key === first.grower_key &&
        o.length === first.length,
    );
    const other = await apiLogin(request, 'newbuyer@stemline.test');
    if (offer && boxesOffered(offer) > 0)
      expect((await apiAddToCart(request, other, offer, date, boxesOffered(offer))).ok()).toBe(
        true,
      );

    const cartBefore = (await apiCart(request, token)).flatMap((group) => group.items).length;
    await panel.getByText('Allow substitutes').click();
    await panel.getByRole('button', { name: 'Order again' }).click();
    const report = panel.getByRole('region', { name: /^Added to cart for / });
    await expect(report.locator('.run-report__item')).toHaveCount(lines.length);
    const flagged = report.locator('.run-report__item').first();
    await expect(flagged).not.toHaveAttribute('data-status', 'added');
    await expect(panel.getByText(/not available for this date\./)).toBeVisible();
    await expect(flagged.getByText(/we propose .* instead\. It was not added/)).toBeVisible();
    await expect(flagged.getByText('Nearest alternatives (not added):')).toBeVisible();
    // Nothing was substituted silently: the cart gained at most the lines reported as added.
    const addedCount = await report
      .locator('.run-report__item[data-status="added"], .run-report__item[data-status="partial"]')
      .count();
    await expect
      .poll(async () => (await apiCart(request, token)).flatMap((group) => group.items).length)
      .toBe(cartBefore + addedCount);
  });

  test('a weekly standing order from a list, picked in week mode; its second week skipped shows in the delivery schedule', async ({
    request,
  }) => {
    const token = await apiLogin(request, FLORIST);
    const headers = { Authorization: `Bearer ${token}` };
    const { page, date } = await signInFlorist(context);
    const offer = (await apiCatalog(request, token, date)).offers[0];
    if (!offer) throw new Error('no offer');
    const listKey = 'sl-e2e-standing';
    expect(
      (
        await request.post('/api/shopping_list/create', {
          headers,
          data: { key: listKey, name: 'Cooler' },
        })
      ).ok(),
    ).toBe(true);
    expect(
      (
        await request.post('/api/shopping_list/add_item', {
          headers,
          data: {
            list_key: listKey,
            item: {
              key: 'it-e2e-standing',
              variety_key: offer.variety_key,
              variety_name: '',
              length: offer.length,
              quantity: 2,
              unit: 'box',
              grower_key: null,
            },
          },
        })
      ).ok(),
    ).toBe(true);

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: 'Standing orders' }).click();
    const form = page.getByRole('form', { name: 'New standing order' });
    await expect(form.getByRole('button', { name: /From shopping list/ })).toContainText('Cooler');
    await expect(
      form.getByText('Prices are the catalogue’s prices of each delivery week'),
    ).toBeVisible();
    await form.getByRole('button', { name: /First delivery week/ }).click();
    await expect(form.getByRole('button', { name: /First delivery week/ })).toBeVisible();
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    await page.getByRole('option', { disabled: false }).first().click();
    await form.getByRole('button', { name: 'Create standing order' }).click();
    await expect(page).toHaveURL(/\/shopping\/home\/account\/standing-orders\/success$/);
    await expect(page.getByRole('heading', { name: 'Your standing order is set' })).toBeVisible();
    await page.getByRole('link', { name: 'See your standing orders' }).click();

    const order = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cooler' }) });
    await expect(order.getByText('Active')).toBeVisible();
    // The coming four weeks. A week in standing_order.disabled_weeks (Christmas and New Year's
    // in the demo) says so and offers no button; the others may be skipped.
    const weeks = order.getByRole('list', { name: 'Coming weeks' }).getByRole('listitem');
    await expect(weeks).toHaveCount(4);
    const closed = await weeks.filter({ hasText: 'No deliveries that week' }).count();
    const skippable = order.getByRole('button', { name: /^Skip Week of / });
    await expect(skippable).toHaveCount(4 - closed);
    const second = skippable.nth(1);
    const secondWeek = ((await second.getAttribute('aria-label')) ?? '').replace('Skip ', '');
    await second.click();
    await expect(order.getByRole('button', { name: `Deliver ${secondWeek}` })).toBeVisible();

    // The schedule: the first week delivers; the week skipped does not, nor do the closed ones,
    // which say why as their rows on the page do.
    await page.getByRole('button', { name: 'Delivery schedule' }).click();
    const schedule = page.getByRole('dialog', { name: 'Delivery schedule' });
    const rows = schedule.getByRole('listitem').filter({ hasText: /\bCooler\b/ });
    await expect(rows.nth(0)).toContainText('Cooler: 2 boxes');
    await expect(rows.nth(0)).not.toContainText('Skipped');
    await expect(rows.filter({ hasText: 'Skipped' }).first()).toBeVisible();
    const firstFour = await rows.evaluateAll((items) =>
      items.slice(0, 4).map((item) => item.textContent ?? ''),
    );
    expect(firstFour.filter((text) => text.includes('Skipped'))).toHaveLength(1);
    expect(
      firstFour.filter((text) => text.includes(standingOrderMessages.weekClosed)),
    ).toHaveLength(closed);
    await page.keyboard.press('Escape');

    // Cancelled, so later specs' schedules and clocks see nothing of it.
    await order.getByRole('button', { name: 'Cancel standing order' }).click();
    await page
      .getByRole('alertdialog', { name: /^Cancel the standing order / })
      .getByRole('button', { name: 'Cancel standing order' })
      .click();
    await expect
      .poll(async () => {
        const answer = await request.post('/api/standing_order/list_standing_order', {
          headers,
          data: {},
        });
        const { results } = (await answer.json()) as {
          results: { name: string; status: string }[];
        };
        return results.filter((o) => o.name === 'Cooler' && o.status !== 'cancelled').length;
      })
      .toBe(0);
  });
});
