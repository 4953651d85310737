import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
  eventMessages,
  formatEtaDate,
  managerMessages,
  messages,
  refusalMessages,
  scheduleMessages,
  mutationSubject,
  stemlineMessages,
  toEtaDate,
  type EtaDate,
} from '@stemline/shared';
import { Temporal } from 'temporal-polyfill';
import { chromiumLaunchOptions } from '../playwright.config';
import { apiRun, apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { apiLogin, apiPushAsAnotherDevice } from './support/api';
import { catalogDate, logInThroughModal, openCart, recordToasts } from './support/app';
import { sessionToken } from './support/delivery';
import { fillOutbox } from './support/outbox-writes';

const FLORIST = 'florist@stemline.test';
const NEWBUYER = 'newbuyer@stemline.test';

/** The Friday at least three weeks ahead: inside the seeded catalogue, clear of holidays' weeks. */
function eventFriday(): Temporal.PlainDate {
  let day = Temporal.Now.plainDateISO('America/New_York').add({ days: 21 });
  while (day.dayOfWeek !== 5) day = day.add({ days: 1 });
  return day;
}

async function typeDate(page: Page, label: string, date: Temporal.PlainDate): Promise<void> {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(date.toString().replaceAll('-', ''));
}

test.describe.configure({ mode: 'serial' });

test.describe('events', () => {
  let context: BrowserContext;
  let profile: string;

  test.beforeEach(async ({ baseURL }) => {
    // A persistent profile: real IndexedDB and a real service worker, so the page works offline.
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

  test('a florist adds an event offline, sees the suggested delivery, puts a cart line in it and sees the cart per event and the event calendar', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    await catalogDate(page);
    await page.getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'Your events' })).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Offline: the event is queued and shown at once.
    await context.setOffline(true);
    const friday = eventFriday();
    const tuesday = friday.subtract({ days: 3 });
    await page.getByRole('button', { name: 'Add event' }).click();
    const form = page.getByRole('dialog', { name: eventMessages.addEventTitle });
    await form.getByRole('textbox', { name: 'Event name' }).fill('Harbor wedding');
    await typeDate(page, 'Event date', friday);
    await form.getByRole('textbox', { name: 'Venue address' }).fill('1 Pier Road, Hoboken');
    await form.getByRole('textbox', { name: 'Notes' }).fill('Arch and aisle, ceremony at 4 pm');
    await expect(form.getByTestId('suggested-delivery')).toHaveText(
      eventMessages.suggestedDelivery(formatEtaDate(toEtaDate(tuesday))),
    );
    const toasts = await recordToasts(page);
    await form.getByRole('button', { name: eventMessages.saveEvent }).click();
    await expect(form).toBeHidden();
    const item = page.locator('.events__item', { hasText: 'Harbor wedding' });
    await expect(item).toContainText('Waiting to sync');
    // Only kept on this device so far, and told so: not yet "Event saved".
    await expect(
      page.locator('.sl-toast').filter({ hasText: 'Event saved on this device' }),
    ).toBeVisible();
    expect(await toasts()).not.toContain(eventMessages.eventSaved);
    // Each '·' is held to the fact after it, so a phone never ends a line with one.
    expect(await item.locator('.events__summary').textContent()).not.toMatch(/·[ \n\t]/);
    // The notes show on the event, not only inside its Edit form; its buttons name the event.
    await expect(item).toContainText('Arch and aisle, ceremony at 4 pm');
    await expect(
      item.getByRole('button', { name: 'Edit Harbor wedding', exact: true }),
    ).toBeVisible();
    await expect(
      item.getByRole('button', { name: 'Delete Harbor wedding', exact: true }),
    ).toBeVisible();

    // Back online, it syncs by itself.
    await context.setOffline(false);
    await expect(item).not.toContainText('Waiting to sync', { timeout: 20_000 });
    // Accepted by the server, it is saved: the spec's words now, the waiting toast gone.
    await expect.poll(toasts).toContain(eventMessages.eventSaved);
    await expect(page.locator('.sl-toast', { hasText: 'on this device' })).toHaveCount(0);
    const token = await sessionToken(page);
    const pulled = await page.request.get('/api/sync/pull/events?checkpoint=0', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const events = ((await pulled.json()) as { documents: { key: string; name: string }[] })
      .documents;
    const event = events.find((doc) => doc.name === 'Harbor wedding');
    expect(event).toBeDefined();

    // A cart line for the suggested day, then put in the event.
    const deliveryDay: EtaDate = toEtaDate(tuesday);
    await page.goto(`/shopping/home?date=${deliveryDay}`);
    const offerRow = page.locator('#root article.variety-card li.offer-row').first();
    await offerRow.getByRole('button', { name: /^Add .* to cart$/ }).click();
    await expect(page.getByText(messages.addToCartSuccess)).toBeVisible();
    await page.getByRole('link', { name: 'Events' }).click();
    const noEvent = page.getByTestId('event-cart-none');
    await expect(noEvent).toBeVisible();
    // Other specs may have left lines in the cart: this one arrives on the suggested day.
    const line = noEvent
      .locator('.event-cart__line', { hasText: `arrives ${formatEtaDate(deliveryDay)}` })
      .first();
    // Every line's picker is labelled 'Event': its description names the line it moves.
    const lineText = (await line.locator('.event-cart__line-text').textContent()) ?? '';
    expect(lineText).toMatch(/^\S.* ·\u00a0.+ ·\u00a0\d+ box(es)? ·\u00a0arrives /);
    await expect(line.getByRole('button', { name: /Event$/ })).toHaveAccessibleDescription(
      lineText.replace(/\s+/g, ' '),
    );
    await line.getByRole('button', { name: /Event$/ }).click();
    await page.getByRole('option', { name: new RegExp('^Harbor wedding') }).click();

    const group = page.getByTestId(`event-cart-${event?.key}`);
    await expect(group).toBeVisible();
    await expect(group).toContainText(formatEtaDate(deliveryDay));
    // The subtotal on screen is the server's, once synced.
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/api/cart_box_event?key=${event?.key}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return ((await answer.json()) as { results?: { lines: unknown[] } }).results?.lines.length;
      })
      .toBe(1);
    const answer = await page.request.get(`/api/cart_box_event?key=${event?.key}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { subtotal } = ((await answer.json()) as { results: { subtotal: number } }).results;
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const text of await group.locator('h3, .event-cart__line-text').allTextContents())
      expect(text).not.toMatch(/·[ \n\t]/);
    await expect(group.getByTestId('event-subtotal')).toHaveText(
      `${eventMessages.eventSubtotal('Harbor wedding')}: ${usd.format(subtotal)}`,
    );

    // The event calendar: the event on its Friday, the delivery on the Tuesday.
    await page.getByRole('button', { name: eventMessages.eventCalendarTitle }).click();
    const calendar = page.getByRole('dialog', { name: eventMessages.eventCalendarTitle });
    await expect(calendar.getByTestId(`event-day-${toEtaDate(friday)}`)).toContainText(
      'Harbor wedding',
    );
    await expect(calendar.getByTestId(`event-day-${deliveryDay}`)).toContainText('Delivery');
    // On a phone the event stays inside its day (before, its name broke a word a line and ran
    // past the cell), and the month's events are listed in full below.
    await page.setViewportSize({ width: 360, height: 780 });
    const day = calendar.getByTestId(`event-day-${toEtaDate(friday)}`);
    const cell = await day.boundingBox();
    const button = await day.getByRole('button', { name: 'Harbor wedding' }).boundingBox();
    expect((button?.x ?? 0) + (button?.width ?? 0)).toBeLessThanOrEqual(
      (cell?.x ?? 0) + (cell?.width ?? 0) + 0.5,
    );
    expect(button?.height ?? 0).toBeLessThan(60);
    await expect(calendar.getByRole('list', { name: /^Events in / })).toContainText(
      `${formatEtaDate(toEtaDate(friday))} ·\u00a0Harbor wedding`,
    );
    await page.setViewportSize({ width: 1280, height: 720 });

    // Moved to the day after the delivery, the line arrives too late for it, and says so.
    await calendar.getByRole('button', { name: 'Harbor wedding' }).click();
    const edit = page.getByRole('dialog', { name: eventMessages.editEventTitle });
    await typeDate(page, 'Event date', tuesday.add({ days: 1 }));
    await edit.getByRole('button', { name: eventMessages.saveEvent }).click();
    await expect(edit).toBeHidden();
    await expect(group.getByRole('note')).toHaveText(
      eventMessages.arrivesTooLate('Harbor wedding'),
    );
  });
});

test('the calendar disables the weekdays the address is not delivered on, and says why', async ({
  page,
  request,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, NEWBUYER);
  await page.getByRole('button', { name: /^Deliver to: / }).click();
  const picker = page.getByRole('dialog', { name: messages.selectDeliveryAddress });
  await picker.getByRole('button', { name: messages.addAddressLink }).click();
  const form = page.getByRole('dialog', { name: messages.addAddressTitle });
  const street = `${Math.floor(Math.random() * 9000) + 100} Ocean Drive`;
  await form.getByRole('textbox', { name: 'Street' }).fill(street);
  await form.getByRole('textbox', { name: 'City' }).fill('Miami');
  await form.getByRole('button', { name: /State$/ }).click();
  await page.getByRole('option', { name: 'Florida', exact: true }).click();
  await form.getByRole('textbox', { name: 'Zipcode' }).fill('33101');
  await form.getByRole('button', { name: messages.addAddressButton }).click();
  await expect(page.getByText(messages.addressUpdated).first()).toBeVisible();
  await page
    .getByRole('dialog', { name: messages.selectDeliveryAddress })
    .getByRole('button', { name: new RegExp(`^Deliver to ${street}`) })
    .click();

  const calendar = page.getByRole('dialog', { name: 'Choose your delivery date' });
  if (!(await calendar.isVisible())) {
    await page.getByRole('button', { name: /^Delivery date: / }).click();
  }
  await expect(calendar).toBeVisible();
  for (const weekday of ['Monday', 'Wednesday', 'Friday']) {
    await expect(
      calendar.getByText(scheduleMessages.noDeliveryThatDay(weekday, '33101')),
    ).toBeVisible();
  }
  // Florida is delivered on Tuesdays and Thursdays only: a Monday cell of the month is disabled.
  const mondays = calendar.locator('[role="gridcell"]', {
    has: page.locator('[role="button"][aria-label^="Monday"]'),
  });
  await expect(mondays.first()).toBeVisible();
  for (const cell of await mondays.all()) {
    await expect(cell).toHaveAttribute('aria-disabled', 'true');
  }
  // A typed Wednesday is refused with the reason.
  const wednesday = (() => {
    let day = Temporal.Now.plainDateISO('America/New_York').add({ days: 7 });
    while (day.dayOfWeek !== 3) day = day.add({ days: 1 });
    return day;
  })();
  await typeDate(page, 'Delivery date', wednesday);
  await expect(
    calendar.getByText(scheduleMessages.noDeliveryThatDay('Wednesday', '33101')).first(),
  ).toBeVisible();
  await expect(calendar.getByRole('button', { name: /^Deliver on / })).toHaveCount(0);
  // The demo buyer is this lane's for the rest of the run: its orders go to its main address
  // again, or a later spec's add on a Monday would be refused for Miami.
  await deleteAddressOf(request, NEWBUYER, street);
});

/** Deletes `email`'s one-time addresses on `street` (the selected one falls back to the main). */
async function deleteAddressOf(request: APIRequestContext, email: string, street: string) {
  const token = await apiLogin(request, email);
  const loaded = await apiRun(request, token, 'load_address', {});
  expect(loaded.ok()).toBe(true);
  const { results } = (await loaded.json()) as {
    results: { addresses: { _KEY: string; address: string }[] };
  };
  const keys = results.addresses.filter((a) => a.address === street).map((a) => a._KEY);
  expect(keys).toHaveLength(1);
  expect((await apiRun(request, token, 'delete_address', { keys })).ok()).toBe(true);
}

test('the account area and the help menu show the account manager, and statements download as CSV', async ({
  page,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help.getByTestId('account-manager')).toContainText('Maya Cole');
  await expect(help.getByRole('link', { name: 'manager@stemline.test' })).toHaveAttribute(
    'href',
    'mailto:manager@stemline.test',
  );
  await expect(help.getByRole('link', { name: '(201) 555-0148' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: managerMessages.yourManager });
  await expect(section.getByTestId('account-manager')).toContainText('Maya Cole');

  const statements = page.getByRole('region', { name: 'Statements' });
  const newest = statements.getByRole('row').nth(1);
  await expect(newest).toBeVisible();
  const download = page.waitForEvent('download');
  await newest.getByRole('button', { name: /as CSV$/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^stemline-statement-\d{4}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text.split('\r\n')[0]).toBe('"date","kind","reference","amount_usd"');
  expect(text).toContain('"closing balance"');
});

test('the address form says plainly whether Stemline delivers to the zip code', async ({
  page,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, NEWBUYER);
  await page.getByRole('button', { name: /^Deliver to: / }).click();
  await page
    .getByRole('dialog', { name: messages.selectDeliveryAddress })
    .getByRole('button', { name: messages.addAddressLink })
    .click();
  const form = page.getByRole('dialog', { name: messages.addAddressTitle });
  const zip = form.getByRole('textbox', { name: 'Zipcode' });
  await zip.fill('99501');
  await expect(form.getByTestId('zipcode-availability')).toHaveText(
    scheduleMessages.zipcodeUnavailable('99501'),
  );
  await zip.fill('07030');
  await expect(form.getByTestId('zipcode-availability')).toHaveText(
    scheduleMessages.zipcodeAvailable('07030'),
  );
});

test('page views are sent in batches as the buyer moves between pages, and staff see them arrive', async ({
  page,
  request,
}) => {
  const staff = await apiLogin(request, 'manager@stemline.test');
  const pageViews = async () => {
    const answer = await request.get('/api/event/summary?days=1', {
      headers: { Authorization: `Bearer ${staff}` },
    });
    expect(answer.ok()).toBe(true);
    const { results } = (await answer.json()) as { results: { name: string; count: number }[] };
    return results.filter((r) => r.name === 'page_view').reduce((sum, r) => sum + r.count, 0);
  };
  const before = await pageViews();
  await page.goto('/shopping/home');
  await logInThroughModal(page, NEWBUYER);
  await page.getByRole('link', { name: 'Events' }).click();
  await page.getByRole('link', { name: 'Account' }).click();
  await expect.poll(pageViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 3);
});

test('notification options are saved in the preferences and still set after a reload', async ({
  page,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  await page.getByRole('link', { name: 'Account' }).click();
  const section = page.getByRole('region', { name: 'Notifications' });
  const promos = section.getByRole('checkbox', { name: 'Promos' });
  const wasOn = await promos.isChecked();
  await section.getByText('Promos').click();
  await expect(promos).toBeChecked({ checked: !wasOn });
  const token = await sessionToken(page);
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/security/validate?token=${token}`);
      const body = (await answer.json()) as { user?: { metadata?: { preferences?: string } } };
      return (JSON.parse(body.user?.metadata?.preferences ?? '{}') as Record<string, unknown>)
        .notify_promos;
    })
    .toBe(!wasOn);
  await page.reload();
  const reloaded = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('checkbox', { name: 'Promos' });
  await expect(reloaded).toBeChecked({ checked: !wasOn });
  // A device that cannot store the change says so, and the box shows the option as it still is
  // (it showed the change, which was never queued, without a word about storage).
  await fillOutbox(page, true);
  await page.getByRole('region', { name: 'Notifications' }).getByText('Promos').click();
  // Its own toast, titled as the change's refusal (the sync may also say the device is full).
  await expect(
    page.locator('.sl-toast').filter({ hasText: mutationSubject('update_preferences').refused }),
  ).toContainText(stemlineMessages.storageFull);
  await expect(reloaded).toBeChecked({ checked: !wasOn });
  await fillOutbox(page, false);
});

test('an event deleted offline that another device deleted first is refused as the event’s, not the cart’s', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('event-refused');
  const token = await apiSignUp(request, email, { company_name: 'Refused Roses' });
  const key = `ev-refused-${Date.now()}`;
  const saved = await apiPushAsAnotherDevice(request, token, 'save_event', {
    key,
    name: 'Garden party',
    date: toEtaDate(eventFriday()),
    venue_address: '',
    notes: '',
  });
  expect(saved.status, saved.message).toBe('applied');

  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await page.getByRole('link', { name: 'Events' }).click();
  const item = page.locator('.events__item', { hasText: 'Garden party' });
  await expect(item).toBeVisible();

  // Offline, this device deletes the event that another device has just deleted.
  await page.context().setOffline(true);
  await item.getByRole('button', { name: 'Delete Garden party', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: eventMessages.deleteEventTitle('Garden party') })
    .getByRole('button', { name: eventMessages.deleteEvent })
    .click();
  await expect(item).toHaveCount(0);
  const deleted = await apiPushAsAnotherDevice(request, token, 'delete_event', { key });
  expect(deleted.status).toBe('applied');

  // Back online the server refuses it: told as the event's, with the server's reason.
  const toast = page.locator('.sl-toast', { hasText: refusalMessages.eventNotDeleted });
  await page.context().setOffline(false);
  await expect(toast).toContainText(eventMessages.eventNotFound, { timeout: 20_000 });
  await expect(
    page.locator('.sl-toast', { hasText: stemlineMessages.cartUpdateFailed }),
  ).toHaveCount(0);
  const refused = page.getByRole('list', { name: 'Changes not saved' });
  await expect(refused).toContainText(
    `${refusalMessages.eventNotDeleted}: ${eventMessages.eventNotFound}`,
  );
  await expect(item).toHaveCount(0);

  const cart = await openCart(page);
  await expect(cart.getByText(eventMessages.eventNotFound)).toHaveCount(0);
});

test('an event is deleted only once confirmed, and focus stays on the events; a refused save focuses the field to fix', async ({
  page,
  request,
}) => {
  // A new account: the demo buyers' events stay as they were for later specs.
  const email = uniqueEmail('event-confirm');
  const token = await apiSignUp(request, email, { company_name: 'Careful Camellias' });
  for (const [index, name] of ['Spring gala', 'Summer fair'].entries()) {
    const saved = await apiPushAsAnotherDevice(request, token, 'save_event', {
      key: `ev-confirm-${index}-${Date.now()}`,
      name,
      date: toEtaDate(eventFriday().add({ days: 7 * index })),
      venue_address: '',
      notes: '',
    });
    expect(saved.status, saved.message).toBe('applied');
  }
  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await page.getByRole('link', { name: 'Events' }).click();
  const gala = page.locator('.events__item', { hasText: 'Spring gala' });
  const fair = page.locator('.events__item', { hasText: 'Summer fair' });
  await expect(gala).toBeVisible();
  await expect(fair).toBeVisible();

  // An empty save: focus on the first field to fix, which reads out its error (audit 81, 5).
  await page.getByRole('button', { name: 'Add event' }).click();
  const form = page.getByRole('dialog', { name: eventMessages.addEventTitle });
  await form.getByRole('button', { name: eventMessages.saveEvent }).click();
  await expect(form.getByRole('textbox', { name: 'Event name' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Event name' }).fill('Autumn ball');
  await form.getByRole('button', { name: eventMessages.saveEvent }).click();
  await expect(form.getByRole('spinbutton').first()).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // Delete asks first, naming the event; keeping it changes nothing (audit 81, 2).
  const deleteGala = gala.getByRole('button', { name: 'Delete Spring gala', exact: true });
  await deleteGala.click();
  const confirm = page.getByRole('alertdialog', {
    name: eventMessages.deleteEventTitle('Spring gala'),
  });
  await expect(confirm).toContainText(eventMessages.deleteEventBody);
  await confirm.getByRole('button', { name: eventMessages.keepEvent }).click();
  await expect(confirm).toBeHidden();
  await expect(gala).toBeVisible();
  await expect(deleteGala).toBeFocused();

  // Confirmed: the event goes, and focus moves to the other event's Edit, not the page's top.
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: eventMessages.deleteEvent }).focus();
  await page.keyboard.press('Enter');
  await expect(gala).toHaveCount(0);
  await expect(fair.getByRole('button', { name: 'Edit Summer fair', exact: true })).toBeFocused();
  // The last one: focus on the page's heading.
  await fair.getByRole('button', { name: 'Delete Summer fair', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: eventMessages.deleteEventTitle('Summer fair') })
    .getByRole('button', { name: eventMessages.deleteEvent })
    .click();
  await expect(fair).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your events', level: 1 })).toBeFocused();
});
