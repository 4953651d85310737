import { expect, test } from '@playwright/test';
import { bunchesInStock } from '@stemline/shared';
import { apiCatalog } from './support/api';
import { catalogDate, logInThroughModal, openCart, signedInPage } from './support/app';
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
