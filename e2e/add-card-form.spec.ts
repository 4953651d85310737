import { expect, test } from '@playwright/test';
import { unitsPerBox } from '@stemline/shared';
import { apiAddToCart, apiCatalog } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';
import { sessionToken } from './support/delivery';

test('the add-card form shows every mistake at once, each on its field (issue 27 §19)', async ({
  page,
  request,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, 'florist@stemline.test');
  const date = await catalogDate(page);
  const token = await sessionToken(page);
  const offer = (await apiCatalog(request, token, date)).offers.find(
    (candidate) => !candidate.open_market && candidate.available >= 3 * unitsPerBox(candidate),
  );
  if (!offer) throw new Error('no regular row with stock');
  expect((await apiAddToCart(request, token, offer, date, 1)).ok()).toBe(true);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add a card' }).click();
  const form = page.getByRole('dialog', { name: 'Add a card' });
  await form.getByLabel('Card number').fill('4111 1111 1111 1112');
  await form.getByLabel('Expiry month').fill('13');
  await form.getByLabel('Expiry year').fill('30');
  await form.getByLabel('Security code').fill('12');
  await form.getByRole('button', { name: 'Save card' }).click();
  // Focus on the first field to fix, which reads out its error, not on Save (audit 81, 5).
  await expect(form.getByLabel('Name on card')).toBeFocused();

  for (const [label, message] of [
    ['Name on card', 'Please enter the name on the card.'],
    ['Card number', 'Please check the card number.'],
    ['Expiry month', 'Please enter the expiry month and year shown on the card.'],
    ['Security code', 'Please enter the 3-digit security code.'],
  ] as const) {
    await expect(form.getByText(message)).toBeVisible();
    await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }

  // Fixing one field clears its message only; the others stay until they are fixed.
  await form.getByLabel('Security code').fill('123');
  await expect(form.getByText('Please enter the 3-digit security code.')).toBeHidden();
  await expect(form.getByText('Please check the card number.')).toBeVisible();
});
