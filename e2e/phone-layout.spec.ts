import { expect, test } from '@playwright/test';
import { skipWelcome } from './support/accounts';
import { catalogDate, logInThroughModal } from './support/app';

test('on a 360 px phone the header is one row over the links, and the first card is on the first screen', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 760 } });
  const page = await context.newPage();
  try {
    await skipWelcome(page);
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'florist@stemline.test');
    await catalogDate(page);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));

    const header = page.getByRole('banner');
    const brand = header.getByRole('link', { name: 'Stemline home' });
    const cart = header.getByRole('button', { name: /^Cart, \d+ boxes$/ });
    const logOut = header.getByRole('button', { name: 'Log out' });
    const status = page.getByTestId('sync-status');
    // The dot alone shows, and the words are still read out.
    await expect(status).toContainText('Online · synced');
    const top = async (locator: typeof brand) => {
      const box = await locator.boundingBox();
      return box ? box.y + box.height / 2 : Number.NaN;
    };
    const row = await top(brand);
    for (const part of [cart, logOut, status]) {
      expect(Math.abs((await top(part)) - row)).toBeLessThan(8);
    }
    const nav = header.getByRole('navigation', { name: 'Main' });
    expect(await top(nav.getByRole('link', { name: 'Home' }))).toBeGreaterThan(row + 20);

    // Grid and List keep their names with only their icons showing.
    await expect(page.getByRole('radio', { name: 'Grid' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'List' })).toBeVisible();
    await expect(page.locator('#root article.variety-card').first()).toBeInViewport();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    // Orders and Account live under /shopping/home: only the page's own link is current.
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/shopping\/home\/account\/orders$/);
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  } finally {
    await context.close();
  }
});
