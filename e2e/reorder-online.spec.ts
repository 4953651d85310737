import { expect, test } from '@playwright/test';
import { formatEtaDate, shoppingListMessages, unitsPerBox, type Offer } from '@stemline/shared';
import { apiAddToCart, apiCart, apiCatalog } from './support/api';
import { apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { logInThroughModal, openCart } from './support/app';
import { offeredDays, placeOrder, REORDER_ADDRESS } from './support/reorder';

const boxesOf = (offer: Offer) => Math.floor(offer.available / unitsPerBox(offer));
const sameProduct = (a: Offer) => (b: Offer) =>
  a.variety_key === b.variety_key && a.grower_key === b.grower_key && a.length === b.length;

test('online "Order again" ships to the selected address, and the cart and checkout say so, also for a line added without one', async ({
  page,
  request,
}) => {
  test.slow();
  // A company of its own: no other test's orders or cart change what this one reads.
  const email = uniqueEmail('reorder-online');
  const token = await apiSignUp(request, email, { company_name: 'Reorder Ranunculus' });
  const days = await offeredDays(request);
  const [day = 0] = days;
  const orderDay = days.at(-1) ?? 0;
  const [now, then] = [
    await apiCatalog(request, token, day),
    await apiCatalog(request, token, orderDay),
  ];
  const onBoth = then.offers.filter(
    (o) =>
      !o.open_market &&
      boxesOf(o) >= 1 &&
      now.offers.filter(sameProduct(o)).length === 1 &&
      boxesOf(now.offers.find(sameProduct(o))!) >= 2,
  );
  const [ordered, older] = onBoth;
  if (!ordered || !older) throw new Error('the demo catalogue lacks the offers');
  // The order went to 9 Reorder Row, which stays the selected address.
  await placeOrder(request, token, orderDay, [ordered]);
  // A line added without an address, as lines were before they carried one.
  const olderNow = now.offers.find(sameProduct(older))!;
  expect((await apiAddToCart(request, token, olderNow, day, 1)).ok()).toBe(true);

  await page.goto(`/shopping/home?date=${day}`);
  await logInThroughModal(page, email, NEW_PASSWORD);
  await page.getByRole('link', { name: 'Orders' }).click();
  const panel = page.getByRole('region', { name: 'Order again' });
  await expect(panel.getByRole('button', { name: /Last order/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Delivery date' }).click();
  await page.getByRole('option', { name: formatEtaDate(day) }).click();
  await panel.getByRole('button', { name: 'Order again' }).click();
  await expect(panel.getByText(shoppingListMessages.reorderAdded(1)).first()).toBeVisible();

  // The re-ordered line carries the selected address, as an add does.
  const lines = (await apiCart(request, token)).flatMap((group) => group.items);
  const reordered = lines.find(
    (line) =>
      line.variety_key === ordered.variety_key &&
      line.grower_key === ordered.grower_key &&
      line.length === ordered.length,
  );
  expect(reordered?.ship_to?.address).toBe('9 Reorder Row');

  // Both lines say where they go: the older one to the selected address, where it is sent.
  const cart = await openCart(page);
  await expect(cart.getByTestId('line-ship-to')).toHaveText([
    `Ships to ${REORDER_ADDRESS}`,
    `Ships to ${REORDER_ADDRESS}`,
  ]);
  await page.getByRole('button', { name: 'Go to checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.locator('.checkout__lines').getByTestId('line-ship-to')).toHaveText([
    `Ships to ${REORDER_ADDRESS}`,
    `Ships to ${REORDER_ADDRESS}`,
  ]);
  const shipTo = page.getByRole('region', { name: 'Ships to' });
  await expect(shipTo.getByRole('listitem')).toHaveText([REORDER_ADDRESS]);
});
