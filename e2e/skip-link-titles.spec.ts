import { expect, test, type Page } from '@playwright/test';
import { catalogDate, logInThroughModal } from './support/app';

const FLORIST = 'florist@stemline.test';
/** Tabs from the results to the first card's first control: only the sort and view come first. */
const MAX_TABS_TO_FIRST_PRODUCT = 5;

/** Where keyboard focus is: the element's text or label, and whether it is in a product card. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      id: element?.id ?? '',
      text: element?.textContent?.trim() ?? '',
      label: element?.getAttribute('aria-label') ?? '',
      inCard: element?.closest('#root article.variety-card') !== null,
    };
  });
}

test.describe('skip link and page titles (issue 27 §17)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    await catalogDate(page);
    await expect(page.locator('#root article.variety-card').first()).toBeVisible();
  });

  test('the first Tab shows the skip link, and Enter moves focus past the header to the page', async ({
    page,
  }) => {
    await page.reload();
    await expect(page.locator('#root article.variety-card').first()).toBeVisible();

    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The skip moves focus only: the URL, which holds the catalogue's view, stays as it was.
    expect(new URL(page.url()).hash).toBe('');
    await expect(skip).not.toBeInViewport();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('on the catalogue, the second Tab skips to the products: a card is a few Tabs on', async ({
    page,
  }) => {
    await page.reload();
    await expect(page.locator('#root article.variety-card').first()).toBeVisible();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to products' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');

    let tabs = 0;
    while (!(await focused(page)).inCard && tabs < 40) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    const reached = await focused(page);
    expect(reached.inCard, `focus after ${tabs} Tabs: ${JSON.stringify(reached)}`).toBe(true);
    // Before: 41 Tabs from the top of the page, through the header, search and ~30 filters.
    expect(tabs).toBeLessThanOrEqual(MAX_TABS_TO_FIRST_PRODUCT);
  });

  test('every route has its own document title', async ({ page }) => {
    await expect(page).toHaveTitle('Fresh flowers — Stemline');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveTitle('All products — Stemline');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
    await expect(page).toHaveTitle('Orders — Stemline');
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveTitle('Account — Stemline');
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Checkout — Stemline');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Go to the catalogue', exact: true }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Stemline');
    await page.goBack();
    await expect(page).toHaveTitle('Checkout — Stemline');
  });
});
