import { expect, test } from '@playwright/test';
import type { ShoppingList, StandingOrder } from '@stemline/shared';
import { apiLogin } from './support/api';
import { logInThroughModal } from './support/app';

const FLORIST = 'florist@stemline.test';

test("a florist puts a catalogue card's flower on a new list with the card's Add to list, and makes a standing order of that list", async ({
  page,
  request,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  const card = page.locator('#root article.variety-card').first();
  // Tapped the moment the card shows, right after logging in: the account database may still be
  // opening, and the tap must open the dialog all the same (once an unanswered no-op).
  await card.getByRole('button', { name: /^Add to list: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  // The flower is read from the dialog ("<variety> <length> cm"), not from the first card: in a
  // full suite run the demo florist has favourites and a history from other specs, and the
  // catalogue re-sorts as the account database opens, so the first card after the tap can be
  // another flower than the one tapped (the toast then named that other flower).
  const subtitle = (await dialog.locator('.sl-dialog__subtitle').textContent()) ?? '';
  const variety = subtitle.replace(/ \d+\scm$/, '');
  expect(variety).not.toBe('');
  expect(variety).not.toBe(subtitle);
  const listName = `Standing cooler ${Date.now() % 100_000}`;
  // The demo florist may already have lists (other specs make some): choose a new one. The
  // picker is named by its value, then its label ("Cooler List").
  await dialog.getByRole('button', { name: / List$/ }).click();
  await page.getByRole('option', { name: 'New list…' }).click();
  await dialog.getByRole('textbox', { name: 'New list name' }).fill(listName);
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${variety} added to ${listName}.`)).toBeVisible();

  await page.goto('/shopping/home/account/standing-orders');
  const form = page.getByRole('form', { name: 'New standing order' });
  await form.getByRole('button', { name: /From shopping list/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${listName} `) }).click();
  await form.getByRole('button', { name: /First delivery week/ }).click();
  await page.locator('[role="option"]:not([aria-disabled="true"])').first().click();
  await form.getByRole('button', { name: 'Create standing order' }).click();
  await expect(page).toHaveURL(/\/standing-orders\/success$/);

  const token = await apiLogin(request, FLORIST);
  const post = async <T>(url: string) => {
    const response = await request.post(url, {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { results: T[] }).results;
  };
  let made: StandingOrder | undefined;
  await expect(async () => {
    made = (await post<StandingOrder>('/api/standing_order/list_standing_order')).find(
      (order) => order.name === listName,
    );
    expect(made?.items.map((item) => item.variety_name)).toEqual([variety]);
  }).toPass({ timeout: 20_000 });
  const [list] = (await post<ShoppingList>('/api/shopping_list/list')).filter(
    (l) => l.name === listName,
  );
  expect(list?.items).toMatchObject([{ variety_name: variety, quantity: 1, unit: 'box' }]);

  // Cancelled, so no later test's clock makes it an order.
  await page.getByRole('link', { name: 'See your standing orders' }).click();
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: listName }) })
    .getByRole('button', { name: 'Cancel standing order' })
    .click();
  await page
    .getByRole('alertdialog', { name: /^Cancel the standing order / })
    .getByRole('button', { name: 'Cancel standing order' })
    .click();
  await expect(async () => {
    const after = (await post<StandingOrder>('/api/standing_order/list_standing_order')).find(
      (order) => order.key === made?.key,
    );
    expect(after?.status).toBe('cancelled');
  }).toPass({ timeout: 20_000 });
});
