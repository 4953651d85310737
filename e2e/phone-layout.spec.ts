import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { bunchesInStock, unitsPerBox } from '@stemline/shared';
import {
  apiAddToCart,
  apiCart,
  apiCatalog,
  apiDeleteCartLines,
  apiSetCartBoxes,
} from './support/api';
import { catalogDate, openCart, signedInPage } from './support/app';
import { sessionToken } from './support/delivery';

/** Runs `steps` on a 360 px phone with the demo florist signed in, and closes it after. */
async function onFloristPhone(browser: Browser, steps: (page: Page) => Promise<void>) {
  const { context, page } = await signedInPage(
    browser,
    { width: 360, height: 760 },
    'florist@stemline.test',
  );
  try {
    await steps(page);
  } finally {
    await context.close();
  }
}

/** How many lines `text` takes inside `within` (1: it does not wrap); 0 when it is not there. */
async function linesTaken(within: Locator, text: string): Promise<number> {
  return within.evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node instanceof Text)) continue;
      const at = node.data.replaceAll('\u00a0', ' ').indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return 0;
  }, text);
}

/**
 * The texts inside `within` in which a '·' is followed by a breakable space, so a narrow phone
 * may end a line with it: `dotSeparated` holds each '·' to the next fact with a no-break space.
 */
async function separatorsNotHeld(within: Locator): Promise<string[]> {
  return within.evaluateAll((elements) =>
    elements.map((element) => element.textContent ?? '').filter((text) => /·[ \n\t]/.test(text)),
  );
}

/** The texts inside `within` in which a '·' separator ends a line (the next fact wrapped). */
async function separatorsEndingLines(within: Locator): Promise<string[]> {
  return within.evaluate((element) => {
    const chars: [Text, number][] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (node instanceof Text)
        for (let at = 0; at < node.data.length; at += 1) chars.push([node, at]);
    const top = ([node, at]: [Text, number]) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect().top;
    };
    const found: string[] = [];
    chars.forEach((char, index) => {
      if (char[0].data[char[1]] !== '·') return;
      const next = chars.slice(index + 1).find(([node, at]) => node.data[at]?.trim());
      if (next && top(next) > top(char) + 2) found.push(char[0].parentElement?.textContent ?? '');
    });
    return found;
  });
}

test('on a 360 px phone the header keeps one row in every sync state, the first card is on the first screen, and the cart fits', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    await catalogDate(page);
    await page.keyboard.press('Escape');
    // Other specs leave lines in this florist's cart: the one this test adds to goes back after.
    const token = await sessionToken(page);
    const boxesBefore = new Map(
      (await apiCart(page.request, token))
        .flatMap((group) => group.items)
        .map((line) => [line.key, line.boxes]),
    );
    await page.evaluate(() => window.scrollTo(0, 0));

    const header = page.getByRole('banner');
    const brand = header.getByRole('link', { name: 'Stemline home' });
    const cart = header.getByRole('button', { name: /^Cart, \d+ box(es)?$/ });
    const logOut = header.getByRole('button', { name: 'Log out' });
    const status = page.getByTestId('sync-status');
    // The dot alone shows, and the words are still read out.
    await expect(status).toContainText('Online · synced');
    const top = async (locator: typeof brand) => {
      const box = await locator.boundingBox();
      return box ? box.y + box.height / 2 : Number.NaN;
    };
    const row = await top(brand);
    // The logo alone is the home link here: it still gets a whole touch target (it was 28 px).
    expect((await brand.boundingBox())?.width).toBeGreaterThanOrEqual(44);
    const oneRow = async () => {
      for (const part of [cart, logOut, status]) {
        expect(Math.abs((await top(part)) - row)).toBeLessThan(8);
      }
    };
    await oneRow();
    const nav = header.getByRole('navigation', { name: 'Main' });
    const navRow = await top(nav.getByRole('link', { name: 'Home' }));
    expect(navRow).toBeGreaterThan(row + 20);
    // A buyer's five links share that one row (Account had a second row of its own).
    const links = await nav.getByRole('link').all();
    expect(links).toHaveLength(5);
    for (const link of links) {
      expect(Math.abs((await top(link)) - navRow)).toBeLessThan(8);
      expect((await link.boundingBox())?.width).toBeGreaterThanOrEqual(44);
    }

    // Grid and List keep their names with only their icons showing.
    await expect(page.getByRole('radio', { name: 'Grid' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'List' })).toBeVisible();
    await expect(page.locator('#root article.variety-card').first()).toBeInViewport();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    // Offline with an add waiting, the header keeps its one row, and the words are still there.
    const cards = page.locator('#root article.variety-card');
    await page.context().setOffline(true);
    await expect(status).toContainText('Offline');
    await cards
      .first()
      .getByRole('button', { name: /^Add .* to cart$/ })
      .click();
    await expect(status).toContainText('Offline · 1 pending');
    await oneRow();
    await page.context().setOffline(false);

    // Another box, back online: of the two adds' toasts only the newest shows.
    await expect(status).not.toContainText('Offline');
    await cards
      .first()
      .getByRole('button', { name: /^Add .* to cart$/ })
      .click();
    // Never two toasts on a phone's screen: the newest replaces the offline one. Sampled until the
    // newest shows (or every toast has closed by itself, which a loaded machine may reach first);
    // at no sample may two show at once.
    let mostShown = 0;
    await expect
      .poll(
        async () => {
          const seen = await page.locator('.sl-toast').evaluateAll((all) => {
            const shown = all.filter((toast) => toast.checkVisibility());
            return {
              shown: shown.length,
              newestShown: shown.some(
                (toast) => !toast.textContent?.includes('Saved on this device'),
              ),
            };
          });
          mostShown = Math.max(mostShown, seen.shown);
          return seen.newestShown || seen.shown === 0;
        },
        { timeout: 15_000, intervals: [50] },
      )
      .toBe(true);
    expect(mostShown).toBeLessThanOrEqual(1);

    // The cart's lines wrap to the phone instead of pushing the dialog wider.
    await cart.click();
    const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
    await expect(dialog.locator('.cart-line').first()).toBeVisible();
    const widths = await dialog.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
      lineRight: Math.max(
        ...[...element.querySelectorAll('.cart-line')].map(
          (line) => line.getBoundingClientRect().right,
        ),
      ),
      right: element.getBoundingClientRect().right,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.lineRight).toBeLessThanOrEqual(widths.right);
    // The Boxes field's − and + are whole touch targets (they were 44 × 42).
    for (const name of [/^Decrease /, /^Increase /]) {
      const box = await dialog
        .locator('.cart-line')
        .first()
        .getByRole('button', { name })
        .boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    // A line's facts wrap with the '·' before them: none is left at the end of a line.
    expect(await separatorsEndingLines(dialog.locator('.cart-line').first())).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The added boxes go again, once synced, so the florist's cart is as the other specs left it.
    await expect(status).toContainText('Online · synced', { timeout: 20_000 });
    const added = (await apiCart(page.request, token))
      .flatMap((group) => group.items)
      .filter((line) => line.boxes !== boxesBefore.get(line.key));
    expect(added).toHaveLength(1);
    for (const line of added) {
      const before = boxesBefore.get(line.key);
      if (before === undefined) await apiDeleteCartLines(page.request, token, [line.key]);
      else await apiSetCartBoxes(page.request, token, [{ key: line.key, boxes: before }]);
    }

    // Orders and Account live under /shopping/home: only the page's own link is current.
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/shopping\/home\/account\/orders$/);
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});

test('on a 360 px phone "Order again" keeps its links, fields and button inside its card', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    await page.goto('/shopping/home/account/orders');
    // The demo florist has orders, so the card offers one of them with its fields.
    const panel = page.getByRole('region', { name: 'Order again' });
    await expect(panel.getByRole('button', { name: 'Order again' })).toBeVisible();
    const card = await panel.boundingBox();
    expect(card).not.toBeNull();
    if (!card) return;
    expect(card.x + card.width).toBeLessThanOrEqual(360);
    const controls = [
      panel.getByRole('link', { name: 'Shopping lists' }),
      panel.getByRole('link', { name: 'Standing orders' }),
      panel.getByRole('button', { name: /Order$/ }),
      panel.getByRole('button', { name: /Delivery date$/ }),
      panel.getByText('Allow substitutes'),
      panel.getByRole('button', { name: 'Order again' }),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box, String(control)).not.toBeNull();
      if (box) expect(box.x + box.width, String(control)).toBeLessThanOrEqual(card.x + card.width);
    }
    // The chosen order is shown whole, its date too: nothing of it is cut off.
    const chosen = panel.getByRole('button', { name: /Order$/ }).locator('.sl-select__value');
    await expect(chosen).toContainText(/, \w{3}, \w{3} \d{1,2}$/);
    expect(await chosen.evaluate((value) => value.scrollWidth <= value.clientWidth)).toBe(true);
  });
});

test('on a 360 px phone each account page starts 16 px from the screen’s edge, as the catalogue does', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    for (const path of [
      '/shopping/home',
      '/shopping/home/account',
      '/shopping/home/account/orders',
      '/shopping/home/account/claims',
      '/shopping/home/account/lists',
      '/shopping/home/account/standing-orders',
      '/shopping/home/account/events',
    ]) {
      await page.goto(path);
      const heading = page.locator('main h1').first();
      await expect(heading).toBeVisible();
      expect((await heading.boundingBox())?.x, path).toBe(16);
    }
  });
});

test('on a 360 px phone the first delivery date the prices are for stays whole', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    // This florist chooses a date: until then the catalogue says which one its prices are for.
    const note = page.getByText(/^Prices for the first delivery date, /);
    await expect(note).toBeVisible();
    const date = /date, (.+?) —/.exec(((await note.textContent()) ?? '').replaceAll('\u00a0', ' '));
    expect(date?.[1]).toMatch(/^\w{3}, \w{3} \d{1,2}$/);
    // It wrapped inside the date ('Tue, / Dec 8').
    expect(await linesTaken(note, date?.[1] ?? '')).toBe(1);
  });
});

test('on a 360 px phone the event calendar keeps its month between its buttons on one row', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    await page.goto('/shopping/home/account/events');
    await page.getByRole('button', { name: 'Event calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'Event calendar' });
    const previous = calendar.getByRole('button', { name: 'Previous month' });
    const next = calendar.getByRole('button', { name: 'Next month' });
    const month = calendar.getByRole('heading', { level: 3 });
    await expect(previous).toBeVisible();
    await expect(next).toBeVisible();
    // Measured in one frame: the sheet is still sliding up as it opens. 'Previous month' had a row
    // of its own.
    const parts = await calendar.locator('.event-calendar__nav > *').evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { middle: box.top + box.height / 2, width: box.width, height: box.height };
      }),
    );
    expect(parts).toHaveLength(3);
    const [first, heading, last] = parts;
    for (const button of [first, last]) {
      expect(Math.abs((button?.middle ?? 0) - (heading?.middle ?? Number.NaN))).toBeLessThan(8);
      expect(button?.width).toBeGreaterThanOrEqual(44);
      expect(button?.height).toBeGreaterThanOrEqual(44);
    }
    const before = await month.textContent();
    await next.click();
    await expect(month).not.toHaveText(before ?? '');
  });
});

test('on a 360 px phone the facts of order and checkout rows keep each "·" with the fact after it', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    const facts = '.order-card__meta, .order-row p, .checkout-line p, .checkout-box__items li';
    await page.goto('/shopping/home/account/orders');
    const order = page.locator('li.order-card').first();
    await order.getByRole('button', { name: 'Show details' }).click();
    await expect(order.locator('.order-row').first()).toBeVisible();
    // They were joined with plain spaces ('2 boxes · arriving…'), which wrap after the '·'.
    expect(await separatorsNotHeld(order.locator(facts))).toEqual([]);
    for (const row of await order.locator(facts).all())
      expect(await separatorsEndingLines(row)).toEqual([]);

    // Checkout lists the cart's lines: one is added for this test if the cart has none.
    const token = await sessionToken(page);
    let added: string[] = [];
    if ((await apiCart(page.request, token)).length === 0) {
      await page.goto('/shopping/home');
      const etaDate = await catalogDate(page);
      const offer = (await apiCatalog(page.request, token, etaDate)).offers.find(
        (candidate) => !candidate.open_market && candidate.available >= unitsPerBox(candidate),
      );
      if (!offer) throw new Error('no offer to put in the cart');
      expect((await apiAddToCart(page.request, token, offer, etaDate, 1)).ok()).toBe(true);
      added = (await apiCart(page.request, token)).flatMap((group) =>
        group.items.map((line) => line.key),
      );
    }
    try {
      await page.goto('/checkout');
      const lines = page.locator('.checkout-line');
      await expect(lines.first()).toBeVisible();
      expect(await separatorsNotHeld(page.locator(facts))).toEqual([]);
      for (const line of await lines.all()) expect(await separatorsEndingLines(line)).toEqual([]);
    } finally {
      if (added.length > 0) await apiDeleteCartLines(page.request, token, added);
    }
  });
});

/**
 * Puts one box of a row with a stem length, not yet in the florist's cart, into it through the
 * API, runs `steps` with that row, and takes the line out again after.
 */
async function withLineInCart(
  page: Page,
  steps: (line: { variety: string; grower: string; length: number }) => Promise<void>,
) {
  const etaDate = await catalogDate(page);
  const token = await sessionToken(page);
  const inCart = (await apiCart(page.request, token)).flatMap((group) => group.items);
  const catalog = await apiCatalog(page.request, token, etaDate);
  const offer = catalog.offers.find(
    (candidate) =>
      !candidate.open_market &&
      candidate.length > 0 &&
      candidate.available >= unitsPerBox(candidate) &&
      !inCart.some(
        (line) =>
          line.variety_key === candidate.variety_key &&
          line.grower_key === candidate.grower_key &&
          line.length === candidate.length,
      ),
  );
  if (!offer) throw new Error('no offer to put in the cart');
  expect((await apiAddToCart(page.request, token, offer, etaDate, 1)).ok()).toBe(true);
  const added = (await apiCart(page.request, token))
    .flatMap((group) => group.items)
    .filter((line) => !inCart.some((before) => before.key === line.key));
  expect(added).toHaveLength(1);
  const [line] = added;
  try {
    await steps({
      variety: line?.variety_name ?? '',
      grower: line?.grower_name ?? '',
      length: offer.length,
    });
  } finally {
    await apiDeleteCartLines(
      page.request,
      token,
      added.map((each) => each.key),
    );
  }
}

/**
 * How much of `row`'s width inside its padding `part` (the line's name, say) is given: the name
 * had a column beside the line's total, or beside the Bunches field, of under two thirds.
 */
async function shareOfRow(row: Locator, part: Locator): Promise<number> {
  const width = (await part.boundingBox())?.width ?? 0;
  const inside = await row.evaluate((element) => {
    const style = getComputedStyle(element);
    return (
      element.getBoundingClientRect().width -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight) -
      parseFloat(style.borderLeftWidth) -
      parseFloat(style.borderRightWidth)
    );
  });
  return width / inside;
}

/**
 * How many lines `text` takes in `within` when `within` is as narrow as it can be (1 px): each
 * space that may break then does, so a length split between its number and 'cm' shows.
 */
async function linesTakenAtNarrowest(within: Locator, text: string): Promise<number> {
  await within.evaluate((element) => {
    if (element instanceof HTMLElement) element.style.width = '1px';
  });
  try {
    return await linesTaken(within, text);
  } finally {
    await within.evaluate((element) => {
      if (element instanceof HTMLElement) element.style.width = '';
    });
  }
}

test('on a 360 px phone a cart or checkout line gives its name the width, names it as the catalogue does, and keeps "40 cm" whole', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    await withLineInCart(page, async ({ variety, grower, length }) => {
      await page.keyboard.press('Escape');
      const name = `${variety} · ${length} cm`;
      const cart = await openCart(page);
      const line = cart.locator('li.cart-line').filter({
        has: page.getByRole('button', { name: `Remove ${variety} ${length} cm from ${grower}` }),
      });
      const lineName = line.locator('.cart-line__name');
      // It read 'Freedom 40 cm' here and 'Freedom · 40 cm' at checkout and on the cards.
      await expect(lineName).toHaveText(name);
      // The total's column ran the line's height: the name, figures and Boxes field had
      // under two thirds of the line.
      expect(await shareOfRow(line, lineName)).toBeGreaterThanOrEqual(0.8);
      expect(await shareOfRow(line, line.locator('.cart-line__figures'))).toBeGreaterThanOrEqual(
        0.8,
      );
      expect(await linesTakenAtNarrowest(lineName, `${length} cm`)).toBe(1);
      await page.keyboard.press('Escape');
      await expect(cart).toBeHidden();

      await page.goto('/checkout');
      const row = page
        .locator('li.checkout-line')
        .filter({ has: page.getByText(name, { exact: true }) })
        .filter({ hasText: grower });
      await expect(row).toHaveCount(1);
      const rowName = row.locator('.checkout-line__name');
      expect(await shareOfRow(row, rowName)).toBeGreaterThanOrEqual(0.8);
      expect(await linesTakenAtNarrowest(rowName, `${length} cm`)).toBe(1);
    });
  });
});

test('on a 360 px phone a custom-box builder row gives its flower the width, the Bunches field under it', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    // The builder works from the catalogue on the device: this florist's chosen date's.
    await catalogDate(page);
    await page.keyboard.press('Escape');
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Build a custom box' }).click();
    const builder = page.getByRole('dialog', { name: 'Build a custom box' });
    const row = builder
      .locator('.custom-box-builder__row')
      .filter({ hasText: /\d\scm/ })
      .first();
    await expect(row).toBeVisible();
    const flower = row.locator(':scope > span:not(.cart-line__swatch)');
    // The Bunches field beside it left the name and its facts 40% of the row.
    expect(await shareOfRow(row, flower)).toBeGreaterThanOrEqual(0.8);
    const length = /(\d+)\s+cm/.exec((await row.locator('strong').textContent()) ?? '')?.[1];
    expect(await linesTakenAtNarrowest(flower, `${length} cm`)).toBe(1);
  });
});

test('on a 360 px phone a checkout custom box gives its name the width, clear of its total', async ({
  browser,
}) => {
  await onFloristPhone(browser, async (page) => {
    const etaDate = await catalogDate(page);
    const token = await sessionToken(page);
    const headers = { Authorization: `Bearer ${token}` };
    const offer = (await apiCatalog(page.request, token, etaDate)).offers.find(
      (candidate) => !candidate.open_market && bunchesInStock(candidate) >= 2,
    );
    if (!offer) throw new Error('no row for a custom box');
    const key = `cb-e2e-phone-${Date.now().toString(36)}`;
    const filled = await page.request.post('/api/cart_box/upsert_custom_box', {
      headers,
      data: {
        key,
        grower: offer.grower_key,
        eta_date: etaDate,
        items: [{ inventory: offer.inventory_key, quantity: 1 }],
      },
    });
    expect(filled.ok()).toBe(true);
    try {
      expect(
        (await page.request.post('/api/cart_box/close_box', { headers, data: { key } })).ok(),
      ).toBe(true);
      await page.goto('/checkout');
      const box = page.getByTestId('checkout-box').first();
      const name = box.locator('.checkout-line__name');
      await expect(name).toBeVisible();
      // With no swatch its text ran in the swatch's 12 px column, one word a line, and the total
      // lay over the name.
      expect(await shareOfRow(box, name)).toBeGreaterThanOrEqual(0.8);
      // Where the name's words are drawn, which its 12 px box did not hold.
      const overlap = await box.evaluate((element) => {
        const total = element.querySelector('.checkout-line__total')?.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element.querySelector('.checkout-line__name') ?? element);
        return [...range.getClientRects()].some(
          (word) =>
            total !== undefined &&
            word.left < total.right &&
            total.left < word.right &&
            word.top < total.bottom &&
            total.top < word.bottom,
        );
      });
      expect(overlap).toBe(false);
    } finally {
      await apiDeleteCartLines(page.request, token, [key]);
    }
  });
});

/**
 * Runs `steps`, then, once synced, puts the florist's cart back as it was before them: a line
 * they added goes, a line whose boxes they changed gets its count back.
 */
async function restoringCart(page: Page, steps: () => Promise<void>) {
  const token = await sessionToken(page);
  const lines = async () => (await apiCart(page.request, token)).flatMap((group) => group.items);
  const before = new Map((await lines()).map((line) => [line.key, line.boxes]));
  try {
    await steps();
  } finally {
    await expect(page.getByTestId('sync-status')).toContainText('Online · synced', {
      timeout: 20_000,
    });
    for (const line of await lines()) {
      const boxes = before.get(line.key);
      if (boxes === undefined) await apiDeleteCartLines(page.request, token, [line.key]);
      else if (boxes !== line.boxes)
        await apiSetCartBoxes(page.request, token, [{ key: line.key, boxes }]);
    }
  }
}

test('a toast shows under the header, not over its links, on a 360 px phone and at 1280 px', async ({
  browser,
}) => {
  for (const viewport of [
    { width: 360, height: 760 },
    { width: 1280, height: 800 },
  ]) {
    const { context, page } = await signedInPage(browser, viewport, 'florist@stemline.test');
    try {
      await catalogDate(page);
      await page.keyboard.press('Escape');
      await page.evaluate(() => window.scrollTo(0, 0));
      await restoringCart(page, async () => {
        await page
          .locator('#root article.variety-card')
          .first()
          .getByRole('button', { name: /^Add .* to cart$/ })
          .first()
          .click();
        const toast = page.locator('.sl-toast', {
          hasText: 'Product successfully added to your shopping cart.',
        });
        // A pointer resting on a toast keeps it open: it stayed over the header's links, and a
        // test timed out pressing Account under one.
        await toast.hover();
        await expect(toast).toBeInViewport();
        const at = await toast.boundingBox();
        expect(at).not.toBeNull();
        if (!at) return;
        const header = page.getByRole('banner');
        const controls = await header.getByRole('link').or(header.getByRole('button')).all();
        expect(controls.length).toBeGreaterThan(5);
        for (const control of controls) {
          const box = await control.boundingBox();
          if (!box) continue;
          const overlaps =
            box.x < at.x + at.width &&
            at.x < box.x + box.width &&
            box.y < at.y + at.height &&
            at.y < box.y + box.height;
          expect(overlaps, `${viewport.width} px: ${String(control)}`).toBe(false);
        }
      });
    } finally {
      await context.close();
    }
  }
});
