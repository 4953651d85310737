import { expect, test } from '@playwright/test';
import { signedInPage } from './support/app';

/** The account page's statements, opened offline, load by themselves once the device is back. */
test('statements opened offline appear when the connection comes back', async ({ browser }) => {
  const desktop = { width: 1280, height: 900 };
  const { context, page } = await signedInPage(browser, desktop, 'florist@stemline.test');
  try {
    // The service worker holds the app's files, so the account page opens offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Account' }).click();
    const statements = page.getByRole('region', { name: 'Statements' });
    await expect(statements).toContainText('Statements are shown here when you are online.');

    await context.setOffline(false);
    await expect(page.getByText('Online · synced')).toBeVisible();
    await expect(statements.getByRole('row')).not.toHaveCount(0);
    await expect(
      statements.getByRole('button', { name: /^Download the \w+ \d{4} statement as PDF$/ }).first(),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
