import { expect, test } from '@playwright/test';
import { skipWelcome } from './support/accounts';
import { catalogDate, logInThroughModal } from './support/app';

test('issue 27.18: at 360×780 the first screen shows the first card’s picture and name', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  try {
    await skipWelcome(page);
    await page.goto('/shopping/home');
    // A buyer with a chosen date and a delivery address, as a florist opens the app.
    await logInThroughModal(page, 'newbuyer@stemline.test');
    await catalogDate(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const card = page.locator('#root article.variety-card').first();
    const picture = card.locator('svg, img').first();
    const name = card.getByRole('heading').first();
    for (const part of [picture, name]) {
      await expect(part).toBeVisible();
      const box = await part.boundingBox();
      if (!box) throw new Error('not laid out');
      expect(box.y + box.height, 'on the first screen').toBeLessThanOrEqual(780);
    }
    // The page title and the sort field stay named for assistive technology.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Sort by/ })).toBeVisible();
  } finally {
    await context.close();
  }
});
