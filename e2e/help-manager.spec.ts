import { expect, test, type Locator } from '@playwright/test';
import { managerMessages } from '@stemline/shared';
import { logInThroughModal } from './support/app';

/**
 * The account manager (spec §6: florists get theirs loaded): name, phone, email and photo in the
 * header's Help and on the account area, also offline once seen; Help leads to the help pages.
 */

const FLORIST = 'florist@stemline.test';

/** The manager card shows Maya Cole with a photo that has really loaded. */
async function expectManager(scope: Locator): Promise<void> {
  const card = scope.getByTestId('account-manager');
  await expect(card).toContainText('Maya Cole');
  await expect(card.getByRole('link', { name: '(201) 555-0148' })).toHaveAttribute(
    'href',
    'tel:2015550148',
  );
  await expect(card.getByRole('link', { name: 'manager@stemline.test' })).toBeVisible();
  const photo = card.locator('img.manager-card__photo');
  await expect(photo).toHaveAttribute('src', /^\/api\/customer\/manager\/photo\/u-manager\.svg/);
  await expect
    .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
}

test('Help and the account area show the manager with their photo, also offline; Help leads to the FAQ', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);

  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expectManager(help);
  await help
    .getByRole('navigation', { name: 'Help pages' })
    .getByRole('link', { name: 'Frequently asked questions' })
    .click();
  await expect(help).toBeHidden();
  await expect(page).toHaveURL(/\/cms\/faq$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();

  await page.goto('/shopping/home/account');
  await expectManager(page.getByRole('region', { name: managerMessages.yourManager }));

  // Offline, after a reload: the device's copy of the manager, and the photo from its cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expectManager(page.getByRole('region', { name: managerMessages.yourManager }));
  await page.getByRole('button', { name: 'Help' }).click();
  await expectManager(page.getByRole('dialog', { name: 'Help' }));
  await context.close();
});
