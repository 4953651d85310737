import { expect, test, type Page } from '@playwright/test';
import { messages } from '@stemline/shared';
import { apiRun, skipWelcome } from './support/accounts';
import { catalogDate, logInThroughModal, signedInPage } from './support/app';
import { sessionToken } from './support/delivery';

// Street and city at their longest (spec §9: 25 characters each).
const STREET = 'Abcdefghij Boulevard West';
const CITY = 'Saint Augustine Beachside';

/** Horizontal overflow of the page and of the delivery bar, and whether each button fits the bar. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const bar = document.querySelector('.delivery-bar');
    if (!bar) throw new Error('no delivery bar');
    const box = bar.getBoundingClientRect();
    const buttons = [...bar.querySelectorAll('button')].map((button) => {
      const rect = button.getBoundingClientRect();
      return rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
    });
    return {
      page: root.scrollWidth - root.clientWidth,
      bar: bar.scrollWidth - bar.clientWidth,
      buttonsInside: buttons,
      barRight: box.right,
      viewport: root.clientWidth,
    };
  });
}

test('the delivery bar fits a 360 px phone with the longest address, and keeps its full accessible name', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await skipWelcome(page);
  await page.goto('/shopping/home');
  await logInThroughModal(page, 'florist@stemline.test');
  await catalogDate(page);
  const token = await sessionToken(page);
  const key = `a-e2e-${Math.random().toString(36).slice(2)}`;
  const added = await apiRun(page.request, token, 'customer_address', {
    slAddress: { address: STREET, city: CITY, state: 'NJ', zipcode: '07105' },
    save: true,
    update: false,
    _KEY: key,
  });
  expect(added.ok()).toBe(true);
  const picker = page.getByRole('dialog', { name: messages.selectDeliveryAddress });
  const deliverTo = page.getByRole('button', { name: /^Deliver to: / });
  try {
    await deliverTo.click();
    await picker.getByRole('button', { name: new RegExp(`^Deliver to ${STREET}`) }).click();
    await expect(picker).toBeHidden();
    await expect(deliverTo).toHaveAccessibleName(`Deliver to: ${STREET}, ${CITY}`);

    for (const width of [360, 768, 1280]) {
      await page.setViewportSize({ width, height: 780 });
      await expect
        .poll(() => overflow(page), { message: `no horizontal overflow at ${width} px` })
        .toEqual(expect.objectContaining({ page: 0, bar: 0, buttonsInside: [true, true] }));
      await expect(deliverTo).toBeInViewport();
    }
  } finally {
    // Give the account back its main address and drop the long one for the other specs.
    await page.setViewportSize({ width: 1280, height: 780 });
    await deliverTo.click();
    await picker.getByRole('button', { name: /^Deliver to 120 Main Street/ }).click();
    await expect(picker).toBeHidden();
    const removed = await apiRun(page.request, token, 'delete_address', { keys: [key] });
    expect(removed.ok()).toBe(true);
    await context.close();
  }
});

/** Whether the delivery date's words are cut (an ellipsis, or a second line clamped away). */
function dateValueCut(page: Page) {
  return page
    .getByRole('button', { name: /^Delivery date: / })
    .locator('.delivery-bar__value')
    .evaluate(
      (value) =>
        value.scrollWidth > value.clientWidth + 0.5 ||
        value.scrollHeight > value.clientHeight + 0.5,
    );
}

test('on a 360 px phone the delivery date reads in full beside the address, before and after a date is chosen', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    { width: 360, height: 780 },
    'florist@stemline.test',
  );
  try {
    const dateButton = page.getByRole('button', { name: /^Delivery date: / });
    // This florist has orders, so no date is chosen for them: the button asks for one.
    await expect(dateButton).toHaveAccessibleName('Delivery date: Choose a date');
    await expect.poll(() => dateValueCut(page)).toBe(false);
    await catalogDate(page);
    await expect.poll(() => dateValueCut(page)).toBe(false);
    await expect
      .poll(() => overflow(page))
      .toEqual(expect.objectContaining({ page: 0, bar: 0, buttonsInside: [true, true] }));
  } finally {
    await context.close();
  }
});
