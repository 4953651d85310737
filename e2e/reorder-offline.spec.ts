import { expect, test } from '@playwright/test';
import { formatEtaDate, unitsPerBox, type CatalogSnapshot, type Offer } from '@stemline/shared';
import { apiAddToCart, apiCart, apiCatalog } from './support/api';
import { apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { logInThroughModal } from './support/app';
import { offeredDays, placeOrder } from './support/reorder';

const sameProduct = (a: Offer) => (b: Offer) =>
  a.variety_key === b.variety_key && a.grower_key === b.grower_key && a.length === b.length;
const boxesOf = (offer: Offer) => Math.floor(offer.available / unitsPerBox(offer));
const nameOf = (snapshot: CatalogSnapshot, offer: Offer) =>
  snapshot.varieties.find((v) => v.key === offer.variety_key)?.name ?? '';

test('offline "Order again": the lines this device can judge go in the cart at once, the rest are named, and the server\'s answers arrive online', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  // A company of its own: no other test's orders or cart change what this one reads.
  const email = uniqueEmail('reorder');
  const token = await apiSignUp(request, email, { company_name: 'Reorder Roses' });

  // Re-ordered for the first day offered; the old order was for the last (another week, whose
  // price rows differ): so one of its products is not offered on the new day.
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
  const [kept, soldOut] = onBoth;
  const notOffered = then.offers.find(
    (o) => !o.open_market && boxesOf(o) >= 1 && !now.offers.some(sameProduct(o)),
  );
  if (!kept || !soldOut || !notOffered) throw new Error('the demo catalogue lacks the offers');
  await placeOrder(request, token, orderDay, [kept, soldOut, notOffered]);

  // The buyer opens the new day's catalogue once online, so this device holds it.
  await page.goto(`/shopping/home?date=${day}`);
  await logInThroughModal(page, email, NEW_PASSWORD);
  await expect(page.locator('#root article.variety-card').first()).toBeVisible();
  await page.getByRole('link', { name: 'Orders' }).click();
  const panel = page.getByRole('region', { name: 'Order again' });
  await expect(panel.getByRole('button', { name: /Last order/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Delivery date' }).click();
  await page.getByRole('option', { name: formatEtaDate(day) }).click();
  await panel.getByText('Allow substitutes').click();

  await context.setOffline(true);
  await expect(page.getByText(/^Offline/).first()).toBeVisible();
  // Meanwhile another buyer takes every box of one of the lines for that day.
  const rival = await apiSignUp(request, uniqueEmail('rival'), { company_name: 'Rival Blooms' });
  const taken = now.offers.find(sameProduct(soldOut))!;
  expect((await apiAddToCart(request, rival, taken, day, boxesOf(taken))).ok()).toBe(true);

  await panel.getByRole('button', { name: 'Order again' }).click();
  const saved = panel.getByRole('region', { name: 'Order again, saved offline' });
  // The two lines this device's catalogue has for the day are in the cart at once.
  await expect(saved.getByTestId('reorder-shown')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cart, 2 boxes' })).toBeVisible();
  // The third is named, not dropped; substitutes are said to wait for the server.
  await expect(saved.getByTestId('reorder-unjudged')).toHaveText([
    `${nameOf(then, notOffered)} ${notOffered.length} cm is not in this device's catalogue for ${formatEtaDate(day)}: it was not added yet, and the server checks it when you are back online.`,
  ]);
  await expect(saved.getByText(/Substitutes are proposed by the server/)).toBeVisible();
  await expect(saved.getByTestId('reorder-server-answer')).toHaveCount(0);

  await context.setOffline(false);
  // Online again: the server's answers reach the buyer; nothing was substituted silently.
  const answer = saved.getByTestId('reorder-server-answer');
  await expect(answer).toContainText(`${nameOf(now, taken)} is sold out for this date.`, {
    timeout: 30_000,
  });
  await expect(answer).toContainText(`${nameOf(then, notOffered)} ${notOffered.length} cm`);
  await expect(answer).toContainText(/we propose .* instead\. It was not added/);
  await expect(page.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
  const lines = (await apiCart(request, token)).flatMap((group) => group.items);
  expect(lines.map((line) => [line.variety_key, line.grower_key, line.length])).toEqual([
    [kept.variety_key, kept.grower_key, kept.length],
  ]);
});
