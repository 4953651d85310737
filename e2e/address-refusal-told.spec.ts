import { expect, test, type Page } from '@playwright/test';
import { messages } from '@stemline/shared';
import { apiRun, apiSignUp, NEW_PASSWORD, skipWelcome, uniqueEmail } from './support/accounts';
import { logInThroughModal } from './support/app';
import { sessionToken } from './support/delivery';

// The page's code straight from the server, so a slow download of one part can be staged.
test.use({ serviceWorkers: 'block' });

async function openPicker(page: Page) {
  await page.getByRole('button', { name: /^Deliver to: / }).click();
  const dialog = page.getByRole('dialog', { name: messages.selectDeliveryAddress });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an address change refused as the app opens is told, even before its screen code loaded', async ({
  context,
  request,
}) => {
  const email = uniqueEmail('address-refusal');
  await apiSignUp(request, email);
  const page = await context.newPage();
  await skipWelcome(page);
  await page.goto('/shopping/home');
  await logInThroughModal(page, email, NEW_PASSWORD);
  const token = await sessionToken(page);
  const street = `${Date.now() % 100_000} Refusal Rd`;
  const key = `a-e2e-${Math.random().toString(36).slice(2)}`;
  const saved = await apiRun(request, token, 'customer_address', {
    slAddress: { address: street, city: 'Newark', state: 'NJ', zipcode: '07105' },
    save: true,
    update: false,
    _KEY: key,
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.reload();
  const dialog = await openPicker(page);
  const row = dialog.getByRole('listitem').filter({ hasText: street });
  await expect(row).toBeVisible();

  // Offline, the buyer deletes it; another device deletes it first, so the server will refuse.
  await context.setOffline(true);
  await dialog.getByRole('button', { name: `Delete ${street}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toContainText('Removed when back online');
  expect((await apiRun(request, token, 'delete_address', { keys: [key] })).ok()).toBe(true);
  await page.close();

  // Back online later, the app opens and sends the change before the address screens' code
  // (a slow device or network) has loaded: the refusal is there before anything watched it.
  await context.setOffline(false);
  let releaseCode: () => void = () => undefined;
  const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
  await context.route(/\/assets\/address-announcer-[^/]*\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  const again = await context.newPage();
  const pushed = again.waitForResponse('**/api/sync/push');
  await again.goto('/shopping/home');
  await expect(again.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect((await pushed).status()).toBe(200);
  await expect(again.getByTestId('sync-status')).not.toContainText('pending');
  releaseCode();
  await expect(again.getByText(messages.addressDeleteFailed).first()).toBeVisible();
});
