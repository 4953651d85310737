import { expect, test } from '@playwright/test';
import { skipWelcome } from './support/accounts';
import { logInThroughModal } from './support/app';

// Every request reaches the page's routes (no service worker answers from its cache).
test.use({ serviceWorkers: 'block' });

test('a page whose code cannot load says so and reloads, instead of blanking the app', async ({
  page,
}) => {
  await skipWelcome(page);
  // The Orders page's code does not arrive: a device offline before the app was stored, or a
  // release that replaced it.
  const ordersPageCode = /\/assets\/orders-page-[^/]*\.js$/;
  await page.route(ordersPageCode, (route) => route.abort());
  await page.goto('/shopping/home');
  await logInThroughModal(page, 'florist@stemline.test');

  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'This page could not open' });
  await expect(failure).toBeVisible();
  // The rest of the app is still there: the header, and other pages a tap away.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await expect(page.locator('#root article.variety-card').first()).toBeVisible();

  // Once the code can arrive, Reload opens the page.
  await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
  await expect(failure).toBeVisible();
  await page.unroute(ordersPageCode);
  await failure.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible();
});
