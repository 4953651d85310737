import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  marketToday,
  nextWeekdays,
  toEtaDate,
  type SavedCard,
  type StandingOrder,
} from '@stemline/shared';
import { apiCatalog } from './support/api';
import { apiRun, apiSignUp, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { logInThroughModal } from './support/app';

async function post<T>(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function saveCard(request: APIRequestContext, token: string, number: string) {
  const answer = await apiRun(request, token, 'accounting_add_card', {
    number,
    exp_month: 12,
    exp_year: 2030,
    cvv: '123',
    holder_name: 'Cora Card',
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { result: SavedCard }).result;
}

const standingOrders = async (request: APIRequestContext, token: string) =>
  (
    await post<{ results: StandingOrder[] }>(
      request,
      token,
      '/api/standing_order/list_standing_order',
      {},
    )
  ).results;

test('a standing order is charged to the card chosen for it; the screen shows that card and changes it', async ({
  page,
  request,
}) => {
  test.slow();
  // A company of its own, with two saved cards and a shopping list of one box.
  const email = uniqueEmail('standing-card');
  const token = await apiSignUp(request, email, { company_name: 'Card Camellias' });
  const master = await saveCard(request, token, '5555 5555 5555 4444');
  const visa = await saveCard(request, token, '4111 1111 1111 1111');
  const masterLabel = 'MasterCard ending 4444, expires 12/30';
  const visaLabel = 'Visa ending 1111, expires 12/30';
  const now = Number((await request.get('/api/health')).headers()['x-server-time']);
  const [day = 0] = nextWeekdays(marketToday(now), 1).map(toEtaDate);
  const offer = (await apiCatalog(request, token, day)).offers[0];
  const listKey = `sl-card-${Date.now()}`;
  await post(request, token, '/api/shopping_list/create', { key: listKey, name: 'Card cooler' });
  await post(request, token, '/api/shopping_list/add_item', {
    list_key: listKey,
    item: {
      key: `it-card-${Date.now()}`,
      variety_key: offer?.variety_key,
      variety_name: '',
      length: offer?.length,
      quantity: 1,
      unit: 'box',
      grower_key: null,
    },
  });

  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  await page.goto('/shopping/home/account/standing-orders');
  const form = page.getByRole('form', { name: 'New standing order' });
  // The form offers the saved cards, one already chosen (the default card), and names it.
  const picker = form.getByRole('button', { name: /Charged to card$/ });
  await expect(picker).toHaveAccessibleName(
    new RegExp(`^(${masterLabel}|${visaLabel}) Charged to card$`),
  );
  await picker.click();
  await page.getByRole('option', { name: masterLabel }).click();
  await expect(form.getByTestId('standing-order-card')).toHaveText(`Charged to ${masterLabel}`);
  await form.getByRole('button', { name: /First delivery week/ }).click();
  await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();
  await form.getByRole('button', { name: 'Create standing order' }).click();
  await expect(page).toHaveURL(/\/standing-orders\/success$/);
  await expect
    .poll(async () => (await standingOrders(request, token)).map((o) => o.card_key))
    .toEqual([master.key]);

  // The list shows the card the order is charged to, and moves it to the other card: offline,
  // at once and counted among the page's changes waiting to sync (it was neither), then synced.
  await page.goto('/shopping/home/account/standing-orders');
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Card cooler' }) });
  await expect(item.getByTestId('standing-order-card')).toHaveText(`Charged to ${masterLabel}`);
  const waiting = page.getByText(/^\d+ waiting to sync$/);
  await expect(waiting).toHaveCount(0);
  await page.context().setOffline(true);
  await item.getByRole('button', { name: /Charged to card$/ }).click();
  await page.getByRole('option', { name: visaLabel }).click();
  await expect(item.getByTestId('standing-order-card')).toHaveText(`Charged to ${visaLabel}`);
  await expect(waiting).toHaveText('1 waiting to sync');
  await page.context().setOffline(false);
  await expect
    .poll(async () => (await standingOrders(request, token)).map((o) => o.card_key))
    .toEqual([visa.key]);
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });

  // A removed card is said plainly: no order is made until another is chosen.
  await apiRun(request, token, 'delete_payment', { key: visa.key });
  await expect(item.getByTestId('standing-order-card')).toHaveText(
    'The card this standing order is charged to was removed: choose another, or no order is made.',
    { timeout: 20_000 },
  );
});
