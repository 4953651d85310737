import { expect, test, type Page } from '@playwright/test';
import { logInThroughModal } from './support/app';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

async function expectStillSignedIn(page: Page, token: string | null): Promise<void> {
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  await expect(page.locator('.sl-toast').filter({ hasText: SESSION_EXPIRED })).toHaveCount(0);
}

// Issue 27 point 4: a bad login-as link says so and leaves the florist's own session alone.
test.describe('a bad login-as link', () => {
  for (const path of ['/login_as', '/login_as?token=garbage', '/login_as?token=']) {
    test(`${path} says the link is not valid and keeps the florist signed in`, async ({ page }) => {
      await page.goto('/shopping/home');
      await logInThroughModal(page, 'florist@stemline.test');
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();

      await page.goto(path);
      await expect(page.getByText('This login-as link is not valid any more.')).toBeVisible();
      await expectStillSignedIn(page, token);

      await page.getByRole('link', { name: 'Back to the shop' }).click();
      await expect(page).toHaveURL(/\/shopping\/home/);
      await page.reload();
      await expectStillSignedIn(page, token);
    });
  }
});
