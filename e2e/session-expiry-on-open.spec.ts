import { expect, test, type Page } from '@playwright/test';
import { logInThroughModal } from './support/app';

const EXPIRED = 'Your session has expired. Please log in again.';

/**
 * Keeps the words of every toast this tab shows in its sessionStorage, across reloads: a toast
 * leaves after a few seconds, and the one asserted on may come just before the page reloads.
 */
async function keepToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const kept = (): string[] =>
      JSON.parse(sessionStorage.getItem('e2e.toasts') ?? '[]') as string[];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.sl-toast')) {
        const text = toast.textContent ?? '';
        if (!kept().includes(text))
          sessionStorage.setItem('e2e.toasts', JSON.stringify([...kept(), text]));
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.toasts') ?? '[]') as string[]);
}

test.describe('an expired session (spec §4: logged out and sent to /shopping/home)', () => {
  test('ended on the server as the tab reloads a deep page, it is told of and leaves the page', async ({
    page,
  }) => {
    const toasts = await keepToasts(page);
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'florist@stemline.test');
    await page.goto('/shopping/home/account/orders');
    await expect(page.getByRole('heading', { name: 'Your orders', level: 1 })).toBeVisible();

    // The session ends elsewhere (a logout on another device) while the buyer reloads.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const ended = await page.request.post('/api/security/logout', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(ended.ok()).toBe(true);
    await page.reload();

    await expect.poll(toasts).toContainEqual(expect.stringContaining(EXPIRED));
    await expect(page).toHaveURL(/\/shopping\/home(\?.*)?$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('ended while the app was closed, it is told of when the app opens', async ({ page }) => {
    const toasts = await keepToasts(page);
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'florist@stemline.test');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.goto('about:blank');
    const ended = await page.request.post('/api/security/logout', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(ended.ok()).toBe(true);

    await page.goto('/shopping/home/account/orders');
    await expect.poll(toasts).toContainEqual(expect.stringContaining(EXPIRED));
    await expect(page).toHaveURL(/\/shopping\/home(\?.*)?$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });
});
