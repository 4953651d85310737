import { expect, test, type Locator, type Page } from '@playwright/test';
import { unitsPerBox } from '@stemline/shared';
import { continueWithEmail, uniqueEmail } from './support/accounts';
import { apiAddToCart, apiCatalog } from './support/api';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { sessionToken } from './support/delivery';

const FLORIST = 'florist@stemline.test';

/** Whether a toast on screen lies over any part of `target` (they may not overlap at all). */
async function coveredByToast(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not on screen');
  const toasts = await page
    .locator('.sl-toast')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility())
        .map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
  return toasts.some(
    (toast) =>
      toast.left < box.x + box.width &&
      box.x < toast.right &&
      toast.top < box.y + box.height &&
      box.y < toast.bottom,
  );
}

test.describe('toasts leave the next control free (issue 27 §19)', () => {
  test('on a 360 px phone, the create-account error toast leaves the terms checkbox free', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/shopping/home');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
    await welcome.getByRole('button', { name: 'Log in' }).click();
    await continueWithEmail(page, uniqueEmail('toast'));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // 'N/A' as the company is the sign-up rule the spec shows as a toast.
    await page.getByRole('textbox', { name: 'Company Name', exact: true }).fill('N/A');
    await page.getByRole('button', { name: 'Continue to see prices' }).click();
    await expect(
      page.locator('.sl-toast', { hasText: 'Company name cannot be NA or N/A' }),
    ).toBeVisible();

    const terms = page.getByRole('checkbox', { name: /I accept the terms/ });
    const label = page.getByText(/I accept the terms/);
    for (const position of ['end', 'center'] as const) {
      await label.evaluate((element, block) => element.scrollIntoView({ block }), position);
      expect(await coveredByToast(page, label), `terms scrolled to the ${position}`).toBe(false);
    }
    await label.click();
    await expect(terms).toBeChecked();
  });

  test("at 1280 px, the added-to-cart toast leaves the cart's 'Go to checkout' free", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shopping/home');
    await logInThroughModal(page, FLORIST);
    const date = await catalogDate(page);
    // A cart of several lines: its dialog then reaches the foot of the window.
    const token = await sessionToken(page);
    const offers = (await apiCatalog(request, token, date)).offers
      .filter((offer) => !offer.open_market && offer.available >= 3 * unitsPerBox(offer))
      .slice(-6);
    for (const offer of offers)
      expect((await apiAddToCart(request, token, offer, date, 1)).ok()).toBe(true);
    const card = page.locator('#root article.variety-card').first();
    await card
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click();
    const toast = page.locator('.sl-toast', {
      hasText: 'Product successfully added to your shopping cart.',
    });
    await expect(toast).toBeVisible();
    await openCart(page);
    const checkout = page.getByRole('button', { name: 'Go to checkout' });
    await expect(checkout).toBeVisible();
    await expect(toast).toBeVisible();
    expect(await coveredByToast(page, checkout)).toBe(false);
    await checkout.click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/checkout$/);
  });
});
