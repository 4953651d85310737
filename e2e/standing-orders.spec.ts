import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  marketToday,
  mondayOf,
  nextWeekdays,
  parseEtaDate,
  refusalMessages,
  scheduleMessages,
  standingOrderMessages,
  stemlineMessages,
  toEtaDate,
  weekdayName,
  deliveryScheduleAnswerSchema,
  type StandingOrder,
} from '@stemline/shared';
import { apiRun, apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { apiCatalog, apiLogin, apiPushAsAnotherDevice } from './support/api';
import { catalogDate, logInThroughModal, openCart, recordToasts } from './support/app';
import { fillOutbox, holdOutboxWrites } from './support/outbox-writes';

const FLORIST = 'florist@stemline.test';

/** A shopping list named `name` holding 2 boxes of the date's first offer; answers its key. */
async function apiListOfBoxes(
  request: APIRequestContext,
  token: string,
  date: number,
  name: string,
): Promise<string> {
  const listKey = `sl-e2e-boxes-${Date.now()}`;
  const offer = (await apiCatalog(request, token, date)).offers[0];
  if (!offer) throw new Error('no offer');
  for (const [call, data] of [
    ['create', { key: listKey, name }],
    [
      'add_item',
      {
        list_key: listKey,
        item: {
          key: `it-${listKey}`,
          variety_key: offer.variety_key,
          variety_name: '',
          length: offer.length,
          quantity: 2,
          unit: 'box',
          grower_key: null,
        },
      },
    ],
  ] as const) {
    const answer = await request.post(`/api/shopping_list/${call}`, {
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  return listKey;
}

async function apiStandingOrders(
  request: APIRequestContext,
  token: string,
): Promise<StandingOrder[]> {
  const response = await request.post('/api/standing_order/list_standing_order', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: StandingOrder[] }).results;
}

/**
 * Makes standing order `name` of one box every Friday, from week `from` or else the first week
 * two weeks on that standing orders deliver, as another device of the account would; returns
 * its key.
 */
async function apiWeeklyStandingOrder(
  request: APIRequestContext,
  token: string,
  name: string,
  from?: number,
): Promise<string> {
  const now = Number((await request.get('/api/health')).headers()['x-server-time']);
  const [day = 0] = nextWeekdays(marketToday(now), 1).map(toEtaDate);
  const offer = (await apiCatalog(request, token, day)).offers[0];
  const listed = await request.post('/api/standing_order/list_standing_order', {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  const { disabled_weeks: disabled } = (await listed.json()) as { disabled_weeks: number[] };
  let start = parseEtaDate(mondayOf(day))?.add({ days: 14 });
  while (start && disabled.includes(toEtaDate(start))) start = start.add({ days: 7 });
  const key = `so-e2e-${Date.now()}`;
  const created = await apiPushAsAnotherDevice(request, token, 'create_standing_order', {
    key,
    name,
    items: [
      {
        key: `it-e2e-${Date.now()}`,
        variety_key: offer?.variety_key,
        variety_name: '',
        length: offer?.length,
        quantity: 1,
        grower_key: null,
      },
    ],
    every_weeks: 1,
    term_weeks: 12,
    start_week: from ?? (start ? toEtaDate(start) : 0),
    delivery_weekday: 5,
  });
  expect(created.status, created.message).toBe('applied');
  return key;
}

/**
 * A company of its own (`company`) with one active standing order `name` of one box a week
 * (from week `from`, if given), logged in on its standing orders page; returns its token, the
 * order's key and its card.
 */
async function openWeeklyStandingOrder(
  page: Page,
  request: APIRequestContext,
  company: string,
  name: string,
  from?: number,
): Promise<{ token: string; key: string; card: Locator }> {
  const email = uniqueEmail('standing');
  const token = await apiSignUp(request, email, { company_name: company });
  const key = await apiWeeklyStandingOrder(request, token, name, from);
  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await page.goto('/shopping/home/account/standing-orders');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  return { token, key, card };
}

/**
 * The first coming week of standing order `card` the buyer can still skip (holiday weeks come
 * skipped already): its Skip button, its label and its row.
 */
async function firstSkippableWeek(
  card: Locator,
): Promise<{ skip: Locator; weekLabel: string; week: Locator }> {
  const skip = card.getByRole('button', { name: /^Skip Week of / }).first();
  await expect(skip).toBeVisible();
  const weekLabel = ((await skip.getAttribute('aria-label')) ?? '').replace(/^Skip /, '');
  return { skip, weekLabel, week: card.getByRole('listitem').filter({ hasText: weekLabel }) };
}

test('a florist makes a weekly standing order with a custom box, picked in week mode; skips its second week and sees it in the delivery schedule', async ({
  page,
  request,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  // The custom box modal offers the farms of a catalogue kept on the device.
  const date = await catalogDate(page);
  await expect(page.locator('#root article.variety-card').first()).toBeVisible();
  // A shopping list of boxes, which the form picks by default: this order takes none of it.
  const token = await apiLogin(request, FLORIST);
  const listKey = await apiListOfBoxes(request, token, date, 'Pails on hand');
  await page.goto('/shopping/home/account/standing-orders');

  const form = page.getByRole('form', { name: 'New standing order' });
  // A florist with lists could not make a standing order of custom boxes alone.
  await form.getByRole('button', { name: /From shopping list/ }).click();
  await page.getByRole('option', { name: 'No list (custom boxes only)' }).click();
  await form.getByRole('button', { name: 'Add a custom box' }).click();
  const modal = page.getByRole('dialog', { name: 'Custom box for standing order' });
  await expect(modal).toBeVisible();
  const farm = (await modal.getByRole('button', { name: /Farm/ }).textContent()) ?? '';
  const bunches = modal.getByRole('textbox', { name: /^Bunches of / }).first();
  await bunches.fill('1');
  await bunches.press('Tab');
  await modal.getByRole('button', { name: 'Add box to standing order' }).click();
  await expect(modal).toBeHidden();
  const boxes = form.getByRole('list', { name: 'Custom boxes' });
  await expect(boxes).toContainText(/Custom box from .+: 1 flower, 1 bunch; 1 box each delivery/);

  // Week mode: the weeks of `standing_order.disabled_weeks` cannot be picked.
  await form.getByRole('button', { name: /First delivery week/ }).click();
  const week = page.locator('[role="option"]:not([aria-disabled="true"])').first();
  await expect(week).toHaveText(/^Week of /);
  await week.click();
  await expect(form.getByText('they are not fixed for the term')).toBeVisible();
  // The form says where the boxes go: the delivery bar's address.
  await expect(form.getByText(/^Delivers to /)).toHaveText(
    /^Delivers to .+ \d{5}, the address chosen in the delivery bar\.$/,
  );
  await form.getByRole('button', { name: 'Create standing order' }).click();
  await expect(page).toHaveURL(/\/standing-orders\/success$/);
  await expect(page.getByRole('heading', { name: 'Your standing order is set' })).toBeVisible();

  // The server kept the box, with the farm's name as the catalogue has it.
  let made: StandingOrder | undefined;
  await expect(async () => {
    made = (await apiStandingOrders(request, token)).find(
      (order) => order.status === 'active' && order.custom_boxes.length === 1,
    );
    expect(made?.custom_boxes[0]?.items[0]?.bunches).toBe(1);
  }).toPass({ timeout: 20_000 });
  if (!made) throw new Error('no standing order');
  expect(farm).toContain(made.custom_boxes[0]?.grower_name ?? '-');
  expect(made.items).toEqual([]);
  expect(made.name).toBe('Custom boxes');

  await page.getByRole('link', { name: 'See your standing orders' }).click();
  const card = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { name: made.name }),
  });
  await expect(
    card.getByRole('list', { name: 'Custom boxes' }).getByText(/^Custom box from /),
  ).toBeVisible();
  await expect(card.getByText(/^Delivers to .+ \d{5}\.$/)).toBeVisible();
  // The second week it delivers (a week standing orders do not deliver has no Skip) is never
  // past its cut-off yet: the first week starts next Monday or later.
  const skip = card.getByRole('button', { name: /^Skip Week of / }).nth(1);
  const skipped = ((await skip.getAttribute('aria-label')) ?? '').replace(/^Skip /, '');
  await skip.click();
  const second = card
    .getByRole('list', { name: 'Coming weeks' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Deliver ${skipped}` }) });
  await expect(second.getByText('Skipped')).toBeVisible();

  await page.getByRole('button', { name: 'Delivery schedule' }).click();
  const schedule = page.getByRole('dialog', { name: 'Delivery schedule' });
  const mine = schedule.getByRole('listitem').filter({ hasText: made.name });
  await expect(mine.nth(0)).not.toContainText('Skipped');
  // One box reads as one ('1 boxes', before).
  await expect(mine.nth(0)).toHaveText(/: 1 box\s*$/);
  await expect(mine.nth(1)).toContainText('Skipped');
  await expect(mine.nth(2)).toBeVisible();
  await page.keyboard.press('Escape');

  // Cancelled, so no later test's clock makes it an order.
  // Cancelling cannot be undone: it is asked once more, and 'Keep it' changes nothing.
  await card.getByRole('button', { name: 'Cancel standing order' }).click();
  const confirm = page.getByRole('alertdialog', { name: /^Cancel the standing order / });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel standing order' }).click();
  await confirm.getByRole('button', { name: 'Cancel standing order' }).click();
  await expect(async () => {
    const after = (await apiStandingOrders(request, token)).find((o) => o.key === made?.key);
    expect(after?.status).toBe('cancelled');
  }).toPass({ timeout: 20_000 });
  const dropped = await request.post('/api/shopping_list/delete', {
    headers: { Authorization: `Bearer ${token}` },
    data: { key: listKey },
  });
  expect(dropped.ok()).toBe(true);
});

test('a standing order made offline is told as kept on this device until the server accepts it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('standing-offline');
  const token = await apiSignUp(request, email, { company_name: 'Offline Orchids' });
  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await catalogDate(page);
  await expect(page.locator('#root article.variety-card').first()).toBeVisible();
  await page.goto('/shopping/home/account/standing-orders');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const form = page.getByRole('form', { name: 'New standing order' });
  await form.getByRole('button', { name: 'Add a custom box' }).click();
  const modal = page.getByRole('dialog', { name: 'Custom box for standing order' });
  const bunches = modal.getByRole('textbox', { name: /^Bunches of / }).first();
  await bunches.fill('1');
  await bunches.press('Tab');
  await modal.getByRole('button', { name: 'Add box to standing order' }).click();
  await expect(modal).toBeHidden();
  await form.getByRole('button', { name: /First delivery week/ }).click();
  await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();

  // Offline, it is only kept on this device: the page says so, not that it is set.
  const toasts = await recordToasts(page);
  await page.context().setOffline(true);
  // While it is being kept, a second press cannot make a second standing order.
  const release = await holdOutboxWrites(page);
  const create = form.getByRole('button', { name: 'Create standing order' });
  await create.click();
  await expect(create).toBeDisabled();
  await release();
  await expect(page).toHaveURL(/\/standing-orders\/success$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Your standing order is saved on this device');
  await expect(page.getByRole('status').filter({ hasText: 'back online' })).toBeVisible();
  expect((await toasts()).join(' | ')).not.toContain('created');

  // Accepted once back online: now it is set, in the spec's words, and said aloud by the page's
  // own status, not by a toast over its title (at 360 px a toast sits where the title is).
  await page.context().setOffline(false);
  await expect(heading).toHaveText(standingOrderMessages.successTitle, { timeout: 20_000 });
  await expect(
    page.getByRole('status').filter({ hasText: standingOrderMessages.successTitle }),
  ).toBeAttached();
  // The form's toast would have come with the same outbox change as the title.
  await page.waitForTimeout(1_000);
  expect(await toasts()).not.toContain(standingOrderMessages.created('Custom boxes'));

  // Cancelled, so no later test's clock makes it an order.
  const [made] = await apiStandingOrders(request, token);
  const cancelled = await apiPushAsAnotherDevice(request, token, 'set_standing_order_status', {
    key: made?.key ?? '',
    status: 'cancelled',
  });
  expect(cancelled.status).toBe('applied');
});

/**
 * A company of its own (no demo account changed) whose orders go to `slAddress`, kept in its
 * address book (a standing order ships to one of its addresses) and chosen; logged in on the
 * standing-orders page. Answers its token.
 */
async function standingOrdersFor(
  page: Page,
  request: APIRequestContext,
  name: string,
  slAddress: { address: string; city: string; state: string; zipcode: string },
): Promise<string> {
  const email = uniqueEmail(name);
  const token = await apiSignUp(request, email, { company_name: 'Biscayne Blooms' });
  for (const save of [true, false]) {
    const params = { slAddress, save, update: false, _KEY: 'a-elsewhere' };
    expect((await apiRun(request, token, 'customer_address', params)).ok()).toBe(true);
  }
  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await catalogDate(page);
  await expect(page.locator('#root article.variety-card').first()).toBeVisible();
  await page.goto('/shopping/home/account/standing-orders');
  return token;
}

/** The weekdays run `delivery_schedule` answers for a zip, as the server refuses the others. */
async function deliveredWeekdays(
  request: APIRequestContext,
  token: string,
  zipcode: string,
  state: string,
) {
  const answer = await apiRun(request, token, 'delivery_schedule', { zipcode, state });
  const results = deliveryScheduleAnswerSchema.parse(await answer.json()).results;
  return [...(results?.weekdays ?? [])].filter((day) => day <= 5).sort((a, b) => a - b);
}

test('the delivery day offers only the weekdays its address is delivered, and says which', async ({
  page,
  request,
}) => {
  // Florida is delivered on some weekdays only (spec §7 delivery_schedule): before, Wednesday
  // could be chosen and only the server refused it, on the success page.
  const slAddress = { address: '5 Bay Street', city: 'Miami', state: 'FL', zipcode: '33101' };
  const token = await standingOrdersFor(page, request, 'standing-florida', slAddress);
  const delivered = await deliveredWeekdays(request, token, '33101', 'FL');
  expect(delivered.length).toBeGreaterThan(0);
  expect(delivered.length, 'Miami is not delivered every weekday').toBeLessThan(5);

  const form = page.getByRole('form', { name: 'New standing order' });
  const day = form.getByRole('button', { name: /Delivery day/ });
  // Said before anything is submitted, under the select.
  const said = scheduleMessages.deliveredOn('33101', delivered.map(weekdayName));
  await expect(form.getByText(said)).toBeVisible();
  await day.click();
  for (const weekday of [1, 2, 3, 4, 5]) {
    const option = page.getByRole('option', { name: weekdayName(weekday) });
    if (delivered.includes(weekday)) await expect(option).not.toHaveAttribute('aria-disabled');
    else await expect(option).toHaveAttribute('aria-disabled', 'true');
  }
  const last = delivered.at(-1) ?? 0;
  await page.getByRole('option', { name: weekdayName(last) }).click();
  await expect(day).toContainText(weekdayName(last));

  await form.getByRole('button', { name: 'Add a custom box' }).click();
  const modal = page.getByRole('dialog', { name: 'Custom box for standing order' });
  const bunches = modal.getByRole('textbox', { name: /^Bunches of / }).first();
  await bunches.fill('1');
  await bunches.press('Tab');
  await modal.getByRole('button', { name: 'Add box to standing order' }).click();
  await expect(modal).toBeHidden();
  await form.getByRole('button', { name: /First delivery week/ }).click();
  await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();
  await form.getByRole('button', { name: 'Create standing order' }).click();

  await expect(page).toHaveURL(/\/standing-orders\/success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    standingOrderMessages.successTitle,
    { timeout: 20_000 },
  );
  const stored = await apiStandingOrders(request, token);
  expect(stored.map((order) => order.delivery_weekday)).toEqual([last]);
});

test('an address Stemline does not deliver to is told on the form, which makes no standing order', async ({
  page,
  request,
}) => {
  const slAddress = { address: '9 Harbor Road', city: 'Anchorage', state: 'AK', zipcode: '99501' };
  await standingOrdersFor(page, request, 'standing-alaska', slAddress);
  const form = page.getByRole('form', { name: 'New standing order' });
  await expect(form.getByText(scheduleMessages.notDeliveredTo('99501'))).toBeVisible();
  await form.getByRole('button', { name: /Delivery day/ }).click();
  await expect(page.locator('[role="option"]:not([aria-disabled="true"])')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(form.getByRole('button', { name: 'Create standing order' })).toBeDisabled();
});

test('a buyer with no list of boxes is told what the standing order can repeat', async ({
  page,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, 'newbuyer@stemline.test');
  await page.goto('/shopping/home/account/standing-orders');
  // The form is titled on screen, not only for a screen reader.
  await expect(
    page.getByRole('form', { name: 'New standing order' }).getByRole('heading', { level: 2 }),
  ).toHaveText('New standing order');
  // Before, it said 'This list has no items yet' with no list on the page.
  await expect(page.getByText(standingOrderMessages.noBoxList)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a custom box' })).toBeVisible();
});

test('a week skipped offline on a standing order another device cancelled is refused in its own words, not as a cart problem', async ({
  page,
  request,
}) => {
  const { token, key, card } = await openWeeklyStandingOrder(
    page,
    request,
    'Refused Ranunculus',
    'Friday ranunculus',
  );
  // The card lists what each delivery brings, not only a count ('1 items', before).
  await expect(card.getByRole('list', { name: 'Boxes each delivery' })).toHaveText(
    /^1 box of .+ each delivery$/,
  );
  await expect(card).not.toContainText('1 items');
  const { skip, week } = await firstSkippableWeek(card);

  // Offline, the buyer skips that week; meanwhile another device cancels the standing order.
  await page.context().setOffline(true);
  await skip.click();
  await expect(week.getByText('Skipped')).toBeVisible();
  const cancelled = await apiPushAsAnotherDevice(request, token, 'set_standing_order_status', {
    key,
    status: 'cancelled',
  });
  expect(cancelled.status).toBe('applied');

  const toasts = await recordToasts(page);
  const toastsSeen = async () => (await toasts()).join(' | ');

  // Back online the server refuses the skip: told as the standing order's, in its own words.
  await page.context().setOffline(false);
  await expect(card.getByText('Cancelled')).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(toastsSeen)
    .toContain(`${refusalMessages.standingOrderNotSaved}${standingOrderMessages.cancelled}`);
  expect(await toastsSeen()).not.toContain(stemlineMessages.cartUpdateFailed);
  // The page lists why, and no longer shows the week as skipped.
  const refused = page.getByRole('list', { name: 'Changes not saved' });
  await expect(refused).toContainText(
    `${refusalMessages.standingOrderNotSaved}: ${standingOrderMessages.cancelled}`,
  );
  await expect(card.getByText('Skipped')).toHaveCount(0);

  // The cart does not take it for one of its own problems.
  const cart = await openCart(page);
  await expect(cart.getByText('Your cart is empty')).toBeVisible();
  await expect(cart.getByText(standingOrderMessages.cancelled)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Dismissed, it is gone from the page.
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toHaveCount(0);
});

test('a pause or a skip the device cannot store is told at once, and the order shows no change', async ({
  page,
  request,
}) => {
  const { token, key, card } = await openWeeklyStandingOrder(
    page,
    request,
    'Full Freesias',
    'Friday freesias',
  );
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  const { skip, weekLabel, week } = await firstSkippableWeek(card);

  // The device is full: Pause and Skip are not kept, and the buyer reads so at once.
  await fillOutbox(page, true);
  await card.getByRole('button', { name: 'Pause' }).click();
  const told = page
    .locator('.sl-toast')
    .filter({ hasText: refusalMessages.standingOrderNotSaved })
    .filter({ hasText: stemlineMessages.storageFull });
  await expect(told).toBeVisible();
  await told.getByRole('button').click();
  await expect(told).toHaveCount(0);
  await skip.click();
  await expect(told).toBeVisible();
  // Nothing was queued, so nothing shows as changed or waiting.
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(week.getByText('Skipped')).toHaveCount(0);
  await expect(week.getByRole('button', { name: `Skip ${weekLabel}` })).toBeVisible();
  await expect(page.getByText('Waiting to sync')).toHaveCount(0);

  // With room again the same press is kept, and the server applies it.
  await fillOutbox(page, false);
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect(async () => {
    const after = (await apiStandingOrders(request, token)).find((order) => order.key === key);
    expect(after?.status).toBe('paused');
  }).toPass({ timeout: 20_000 });
  const cancelled = await apiPushAsAnotherDevice(request, token, 'set_standing_order_status', {
    key,
    status: 'cancelled',
  });
  expect(cancelled.status).toBe('applied');
});

test('a week standing orders do not deliver is shown so, with no Deliver to take it back', async ({
  page,
  request,
}) => {
  // A week off far ahead, where no other test's weeks fall; the order starts the week before.
  const now = Number((await request.get('/api/health')).headers()['x-server-time']);
  const start = parseEtaDate(mondayOf(toEtaDate(marketToday(now))))?.add({ days: 3 * 364 });
  const first = start ? toEtaDate(start) : 0;
  const holiday = start ? toEtaDate(start.add({ days: 7 })) : 0;
  const manager = await apiLogin(request, 'manager@stemline.test');
  const model = { row_model: 'standing_order.disabled_weeks' };
  const headers = { Authorization: `Bearer ${manager}` };
  const added = await request.post('/api/add_model', {
    headers,
    data: { ...model, rows: [{ week_start: holiday, reason: 'Closed for stocktaking' }] },
  });
  expect(added.ok(), await added.text()).toBe(true);
  try {
    const { token, key, card } = await openWeeklyStandingOrder(
      page,
      request,
      'Stocktake Stocks',
      'Friday stocks',
      first,
    );
    const weeks = card.getByRole('list', { name: 'Coming weeks' }).getByRole('listitem');
    await expect(weeks.nth(0).getByRole('button', { name: /^Skip Week of / })).toBeVisible();
    // Before, it read 'Skipped' with a Deliver that the server took: a delivery in a closed week.
    await expect(weeks.nth(1).getByText('No deliveries that week')).toBeVisible();
    await expect(weeks.nth(1).getByRole('button')).toHaveCount(0);
    const cancelled = await apiPushAsAnotherDevice(request, token, 'set_standing_order_status', {
      key,
      status: 'cancelled',
    });
    expect(cancelled.status).toBe('applied');
  } finally {
    await request.post('/api/delete_model', { headers, data: { ...model, keys: [`${holiday}`] } });
  }
});

test('on a 360 px phone a long list name is cut short in its select, and the page does not scroll sideways', async ({
  browser,
  request,
}) => {
  const email = uniqueEmail('standing-phone');
  const token = await apiSignUp(request, email, { company_name: 'Narrow Nasturtiums' });
  const context = await browser.newContext({ viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  try {
    await page.goto('/shopping/home');
    await logInThroughModal(page, email, NEW_PASSWORD);
    const date = await catalogDate(page);
    // 58 of the 60 characters a list name may have.
    const name = 'Saturday wedding, Botanical Garden pavilion and main arch';
    await apiListOfBoxes(request, token, date, name);
    await page.goto('/shopping/home/account/standing-orders');
    const form = page.getByRole('form', { name: 'New standing order' });
    const select = form.getByRole('button', { name: /From shopping list/ });
    await expect(select).toContainText('Saturday wedding');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await select.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await expect(page.getByRole('button', { name: 'Delivery schedule' })).toBeInViewport();
  } finally {
    await context.close();
  }
});
