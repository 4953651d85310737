import { expect, test } from '@playwright/test';
import { bunchesInStock, formatCents } from '@stemline/shared';
import { apiCatalog } from './support/api';
import { catalogDate, logInThroughModal, openCart, signedInPage } from './support/app';
import { ensureTestCard } from './support/cards';
import { sessionToken } from './support/delivery';

test('issue 27.5: the custom-box builder lists the delivery dates and the farms that can fill a box', async ({
  page,
}) => {
  test.slow();
  await page.goto('/shopping/home');
  // A buyer with no orders yet gets the automatic date, so the date's catalogue is on the device.
  await logInThroughModal(page, 'newbuyer@stemline.test');
  const date = await catalogDate(page);
  const snapshot = await apiCatalog(page.request, await sessionToken(page), date);
  const filling = new Set(
    snapshot.offers
      .filter((offer) => !offer.open_market && bunchesInStock(offer) > 0)
      .map((offer) => offer.grower_key),
  );
  const farmNames = snapshot.growers
    .filter((grower) => filling.has(grower.key))
    .map((grower) => `${grower.grower_name} (${grower.country_iso})`)
    .sort();

  const cart = await openCart(page);
  await cart.getByRole('button', { name: 'Build a custom box' }).click();
  const builder = page.getByRole('dialog', { name: 'Build a custom box' });
  await expect(builder).toBeVisible();

  await builder.getByRole('button', { name: /Delivery date/ }).click();
  const dates = page.getByRole('listbox').getByRole('option');
  await expect(dates.first()).toBeVisible();
  expect(await dates.count()).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  await builder.getByRole('button', { name: /Farm/ }).click();
  const farms = page.getByRole('listbox').getByRole('option');
  await expect(farms.first()).toBeVisible();
  expect((await farms.allTextContents()).map((name) => name.trim()).sort()).toEqual(farmNames);
  // Choosing another farm shows that farm's rows to fill the box with.
  const second = farms.nth(1);
  const secondName = (await second.textContent())?.trim() ?? '';
  await second.click();
  await expect(builder.getByRole('button', { name: /Farm/ })).toContainText(secondName);
  await expect(builder.locator('.custom-box-builder__rows li').first()).toBeVisible();
});

test("on a 360 px phone the builder shows each flower's colour, and a custom box's buttons keep their labels on one line", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    { width: 360, height: 760 },
    'newbuyer@stemline.test',
  );
  try {
    const cart = await openCart(page);
    await cart.getByRole('button', { name: 'Build a custom box' }).click();
    const builder = page.getByRole('dialog', { name: 'Build a custom box' });
    // A row's colour swatch had nothing to give it a height in its centred row: it did not show.
    const swatch = builder.locator('.custom-box-builder__row .cart-line__swatch').first();
    await expect(swatch).toBeVisible();
    await builder
      .getByRole('button', { name: /Increase/ })
      .first()
      .click();
    await builder.getByRole('button', { name: 'Add box to cart' }).click();
    await expect(builder).toBeHidden();
    const box = cart.locator('li.custom-box').last();
    await expect(box.getByRole('button', { name: 'Close box' })).toBeVisible();
    try {
      // 'Close box' broke after 'Close' beside Edit and Remove in the line's narrow column.
      const lines = await box.locator('.cart-line__controls button').evaluateAll((buttons) =>
        buttons.map((button) => {
          const range = document.createRange();
          range.selectNodeContents(button);
          const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top));
          return `${button.textContent}: ${new Set(tops).size}`;
        }),
      );
      expect(lines).toEqual(['Edit: 1', 'Close box: 1', 'Remove: 1']);
    } finally {
      await box.getByRole('button', { name: 'Remove' }).click();
      await expect(box.getByRole('button', { name: 'Close box' })).toBeHidden();
    }
  } finally {
    await context.close();
  }
});

test('on a 360 px phone a buyer orders 3 of one custom box: × 3 and the total of 3 boxes in the builder, the cart, checkout and the placed order', async ({
  browser,
}) => {
  test.slow();
  const { context, page } = await signedInPage(
    browser,
    { width: 360, height: 760 },
    'florist@stemline.test',
  );
  const cents = (text: string | null) =>
    Math.round(Number(text?.split('$')[1]?.replace(/,/g, '')) * 100);
  try {
    // The builder works from the catalogue on the device: open a date's catalogue first.
    await catalogDate(page);
    const token = await sessionToken(page);
    await ensureTestCard(page.request, token, 'Flora Bennett');
    const cartButton = page.getByRole('button', { name: /^Cart, \d+ box(es)?$/ });
    let cart = await openCart(page);
    await cart.getByRole('button', { name: 'Build a custom box' }).click();
    const builder = page.getByRole('dialog', { name: 'Build a custom box' });
    await builder
      .locator('.custom-box-builder__row')
      .first()
      .getByRole('button', { name: /Increase/ })
      .click();
    const total = builder.getByTestId('box-total');
    await expect(total).toHaveText(/^1 box: \$[\d,]+\.\d\d$/);
    const oneBox = cents(await total.textContent());
    expect(oneBox).toBeGreaterThan(0);

    // By keyboard: the stepper is labelled, and the arrow keys step it.
    const count = builder.getByRole('textbox', { name: 'Number of boxes' });
    await count.focus();
    await page.keyboard.press('ArrowUp');
    await expect(count).toHaveValue('2');
    await expect(total).toHaveText(`2 boxes: ${formatCents(2 * oneBox)}`);
    await builder.getByRole('button', { name: 'Add box to cart' }).click();
    await expect(builder).toBeHidden();
    const twice = cart.locator('li.custom-box').filter({ hasText: '× 2' });
    await expect(twice.locator('.cart-line__total')).toHaveText(formatCents(2 * oneBox));
    await expect(twice.getByText('Pending sync')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    const headerCount = async () =>
      Number(/\d+/.exec((await cartButton.getAttribute('aria-label')) ?? '')?.[0]);
    const withTwo = await headerCount();

    // The cart's own stepper makes it three; the header counts every box.
    cart = await openCart(page);
    const rowCount = twice.getByRole('textbox', { name: 'Number of boxes' });
    await expect(rowCount).toHaveValue('2');
    await rowCount.focus();
    await page.keyboard.press('ArrowUp');
    const box = cart.locator('li.custom-box').filter({ hasText: '× 3' });
    await expect(box.locator('.cart-line__total')).toHaveText(formatCents(3 * oneBox));
    await expect(box.getByRole('textbox', { name: 'Number of boxes' })).toHaveValue('3');
    await expect(box.getByText('Pending sync')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(cartButton).toHaveAccessibleName(`Cart, ${withTwo + 1} boxes`);
    cart = await openCart(page);
    await box.getByRole('button', { name: 'Close box' }).click();
    await expect(box.getByText('Closed')).toBeVisible();
    await expect(box.getByText('Pending sync')).toBeHidden();

    await page.goto('/checkout');
    const ordered = page.getByTestId('checkout-box').filter({ hasText: '× 3' });
    await expect(ordered).toHaveCount(1);
    await expect(ordered.locator('.checkout-line__total')).toHaveText(formatCents(3 * oneBox));
    await expect(page.getByText('Checking prices and stock…')).toBeHidden();
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('heading', { name: /^Order PO-\d{8}-\d+ is placed\.$/ });
    await expect(placed).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('ordered-box').filter({ hasText: '× 3' })).toContainText(
      formatCents(3 * oneBox),
    );

    // The server's order keeps the count: it is 3 boxes, charged for 3.
    const number = ((await placed.textContent()) ?? '').replace(/^Order | is placed\.$/g, '');
    const listed = await page.request.post('/api/cs/run', {
      headers: { Authorization: `Bearer ${token}` },
      data: { key: 'po_list_orders', params: {} },
    });
    const summary = (
      (await listed.json()) as { results: { number: string; boxes: number }[] }
    ).results.find((order) => order.number === number);
    expect(summary?.boxes).toBeGreaterThanOrEqual(3);
  } finally {
    await context.close();
  }
});
