import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { apiCart, apiLogin } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';

const FLORIST = 'florist@stemline.test';
const QUESTION = 'Log out and lose unsent changes?';
const ONE_UNSENT =
  '1 change made on this device has not reached Stemline yet. If you log out now it is lost.';

/** The catalogue's first offer, and how many of its boxes the server's cart holds. */
async function firstOffer(page: Page, request: APIRequestContext) {
  const date = await catalogDate(page);
  const row = page.locator('#root article.variety-card').first().locator('li.offer-row').first();
  await expect(row).toBeVisible();
  const inventoryKey = Number((await row.getAttribute('data-testid'))?.replace('offer-', ''));
  const token = await apiLogin(request, FLORIST);
  const serverBoxes = async (): Promise<number> =>
    (await apiCart(request, token))
      .flatMap((group) => group.items)
      .filter((line) => line.inventory_key === inventoryKey && line.eta_date === date)
      .reduce((sum, line) => sum + line.boxes, 0);
  return { add: row.getByRole('button', { name: /^Add .* to cart$/ }), serverBoxes };
}

test.describe('log out with changes not yet sent', () => {
  test('offline, Log out names the unsent change: staying keeps it, logging out anyway drops it', async ({
    page,
    request,
  }) => {
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    const offer = await firstOffer(page, request);
    const before = await offer.serverBoxes();
    const status = page.getByTestId('sync-status');

    await page.context().setOffline(true);
    await offer.add.click();
    await expect(status).toContainText('1 pending');
    await page.getByRole('button', { name: 'Log out' }).click();
    const question = page.getByRole('alertdialog', { name: QUESTION });
    await expect(question).toContainText(ONE_UNSENT);
    const stay = question.getByRole('button', { name: 'Stay logged in' });
    await expect(stay).toBeFocused();
    await stay.click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(status).toContainText('1 pending');

    // Back online, the change the buyer kept reaches the server.
    await page.context().setOffline(false);
    await expect.poll(offer.serverBoxes, { timeout: 30_000 }).toBe(before + 1);
    await expect(status).not.toContainText('pending');

    await page.context().setOffline(true);
    await offer.add.click();
    await expect(status).toContainText('1 pending');
    await page.getByRole('button', { name: 'Log out' }).click();
    await question.getByRole('button', { name: 'Log out anyway' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('online, the changes are sent first; a reset link asks too when they cannot be', async ({
    page,
    request,
  }) => {
    // Pushes wait here while `holding`: the server is out of reach for them alone.
    let holding = true;
    const held: Route[] = [];
    await page.route('**/api/sync/push', async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    const offer = await firstOffer(page, request);
    const before = await offer.serverBoxes();
    await offer.add.click();
    await expect(page.getByTestId('sync-status')).toContainText('1 pending');

    // A password-reset link opened while signed in logs out first: it tries to send the change.
    await page.goto('/shopping/home?change_password&user_id=u-someone&code=c-1');
    await expect(page.getByRole('dialog', { name: 'Sending your changes…' })).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held.splice(0)) await route.abort('connectionrefused');
    const question = page.getByRole('alertdialog', { name: QUESTION });
    await expect(question).toContainText(ONE_UNSENT);
    await question.getByRole('button', { name: 'Stay logged in' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Choose your new password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    // With the server in reach, Log out sends the change and logs out without asking.
    holding = false;
    for (const route of held.splice(0)) await route.abort('connectionrefused');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await offer.serverBoxes()).toBe(before + 1);
  });
});
