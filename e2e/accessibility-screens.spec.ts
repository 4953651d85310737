import { expect, test, type Page } from '@playwright/test';
import {
  apiRun,
  apiSignUp,
  chooseOption,
  continueWithEmail,
  loginDialog,
  uniqueEmail,
} from './support/accounts';
import { DEMO_PASSWORD } from './support/api';
import { catalogDate, logInThroughModal, openCart } from './support/app';
import { expectNoA11yViolations } from './support/axe';
import { openProductDetail } from './support/catalog';

/**
 * Issue 27 point 16: axe-core's WCAG 2.1 A/AA rules and best practices on the screens
 * e2e/accessibility.spec.ts does not reach, failing on any violation. Screens that edit data
 * use a company of their own, so the demo florist stays as other specs expect it.
 */

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const MAIN_ADDRESS = {
  address: '77 Harbor Street',
  city: 'Hoboken',
  state: 'NJ',
  zipcode: '07030',
};
const ONE_TIME_ADDRESS = { address: '5 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' };

/** A new company with a main and a one-time address and a saved card, signed in on `page`. */
async function ownCompany(page: Page): Promise<void> {
  const email = uniqueEmail('a11y');
  const token = await apiSignUp(page.request, email, {
    password: DEMO_PASSWORD,
    company_name: 'Aria Flowers',
  });
  for (const [key, params] of [
    ['update_company_details', { name: 'Aria Flowers', address: MAIN_ADDRESS }],
    [
      'customer_address',
      {
        slAddress: ONE_TIME_ADDRESS,
        save: true,
        update: false,
        _KEY: `a-a11y-${Math.random().toString(36).slice(2)}`,
      },
    ],
    [
      'accounting_add_card',
      {
        number: '4111 1111 1111 1111',
        exp_month: 12,
        exp_year: 2030,
        cvv: '123',
        holder_name: 'Aria Reyes',
      },
    ],
  ] as const) {
    const response = await apiRun(page.request, token, key, params);
    expect(response.ok(), `${key}: ${await response.text()}`).toBe(true);
  }
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
  await catalogDate(page);
}

test.describe('accessibility of each screen (axe-core, every violation)', () => {
  test('the log-in modal and the sign-up form, on a phone and a desktop', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    for (const size of [PHONE, DESKTOP]) {
      // A first visit each time: the welcome modal opens only for a new visitor.
      const context = await browser.newContext({ baseURL: baseURL ?? '', viewport: size });
      const page = await context.newPage();
      const at = `${size.width} px`;
      await page.goto('/shopping/home');
      const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
      await expect(welcome).toBeVisible();
      await expectNoA11yViolations(page, `welcome modal ${at}`);
      await welcome.getByRole('button', { name: 'Log in' }).click();

      const dialog = loginDialog(page);
      await expect(dialog.getByLabel('Work Email')).toBeFocused();
      await expectNoA11yViolations(page, `log-in email step ${at}`);
      await continueWithEmail(page, 'rosa');
      await expect(dialog.getByText('Please fill a valid email address.')).toBeVisible();
      await expectNoA11yViolations(page, `log-in email error ${at}`);
      await continueWithEmail(page, 'florist@stemline.test');
      await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
      await expectNoA11yViolations(page, `log-in password step ${at}`);

      await continueWithEmail(page, uniqueEmail('a11y-signup'));
      const form = page.getByRole('region', { name: 'Create your account' });
      await expect(form.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoA11yViolations(page, `sign-up form ${at}`);
      await page.getByRole('button', { name: 'Continue to see prices' }).click();
      await expect(page.getByText('Enter First Name', { exact: true })).toBeVisible();
      await chooseOption(page, 'Business Type', 'Florist');
      await expectNoA11yViolations(page, `sign-up form with its errors ${at}`);
      await context.close();
    }
  });

  test('the catalogue at 360 × 780 skips no heading level', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'newbuyer@stemline.test');
    const date = await catalogDate(page);
    for (const mode of ['best_deal', 'farm'] as const) {
      await page.goto(`/shopping/home?date=${date}&mode=${mode}`);
      await expect(page.locator('#root article.variety-card').first()).toBeVisible();
      await expectNoA11yViolations(page, `catalogue 360 (${mode})`);
    }
  });

  test('the product detail dialog, on a phone and a desktop', async ({ page }) => {
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'newbuyer@stemline.test');
    const date = await catalogDate(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(`/shopping/home?date=${date}`);
      const name = await page.locator('#root article.variety-card h3').first().textContent();
      const dialog = await openProductDetail(page, (name ?? '').trim());
      await expect(dialog.locator('[data-testid^="offer-"]').first()).toBeVisible();
      await expectNoA11yViolations(page, `product detail ${size.width} px`);
    }
  });

  test('the delivery-date calendar has no banner landmark of its own', async ({ page }) => {
    await page.goto('/shopping/home');
    await logInThroughModal(page, 'newbuyer@stemline.test');
    await catalogDate(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: /^Delivery date: / }).click();
      const calendar = page.getByRole('dialog', { name: 'Choose your delivery date' });
      await expect(calendar.getByRole('grid')).toBeVisible();
      await expect(calendar.getByText('Checking which days have arrivals')).toBeHidden();
      await expect(calendar.getByRole('banner')).toHaveCount(0);
      await expectNoA11yViolations(page, `calendar ${size.width} px`);
      await calendar.getByRole('button', { name: 'Cancel' }).click();
      await expect(calendar).toBeHidden();
    }
  });

  test('the address picker names each address by its words, with the state as spelled everywhere', async ({
    page,
  }) => {
    test.slow();
    await ownCompany(page);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: /^Deliver to: / }).click();
      const picker = page.getByRole('dialog', {
        name: 'Select the delivery address for this order:',
      });
      await expect(picker.getByText(ONE_TIME_ADDRESS.address)).toBeVisible();
      await expectNoA11yViolations(page, `address picker ${size.width} px`);
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
    }

    // One spelling of an address wherever it is shown: the picker, company details, checkout.
    await page.getByRole('button', { name: /^Deliver to: / }).click();
    const picker = page.getByRole('dialog', {
      name: 'Select the delivery address for this order:',
    });
    const main = picker.getByRole('button', { name: /^Deliver to 77 Harbor Street/ });
    await expect(main).toHaveText(/Hoboken, NJ 07030/);
    await expect(main).toHaveAccessibleName(/^Deliver to 77 Harbor Street, Hoboken, NJ 07030/);
    await expect(picker.getByRole('button', { name: /^Deliver to 5 Dock Road/ })).toHaveText(
      /Newark, NJ 07105/,
    );
    await expect(picker.getByText('New Jersey')).toHaveCount(0);
    await main.click();
    await expect(picker).toBeHidden();
    await page.goto('/shopping/home/company-details');
    await expect(page.getByTestId('main-address')).toContainText('Hoboken, NJ 07030');
    await expectNoA11yViolations(page, 'company details');
  });

  test('the account area, on a phone and a desktop', async ({ page }) => {
    await ownCompany(page);
    await page.goto('/shopping/home/account');
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText('Pia Ng')).toBeVisible();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoA11yViolations(page, `account ${size.width} px`);
    }
  });

  test("the order confirmation as it appears, and Orders' 'Cancel boxes'", async ({ page }) => {
    test.slow();
    await ownCompany(page);
    const card = page.locator('#root article.variety-card').first();
    await card
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .click();
    const cart = await openCart(page);
    await expect(cart.getByText('Pending sync')).toBeHidden({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Go to checkout' }).click();
    await expect(page.getByText('Checking prices and stock…')).toBeHidden();
    await expect(page.getByRole('button', { name: /Pay with$/ })).toContainText('Visa ending 1111');
    await expectNoA11yViolations(page, 'checkout with a saved card');
    // As a keyboard user places it: the pending button has focus, which react-aria announces.
    await page.getByRole('button', { name: 'Place order' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('placed-order')).toBeVisible({ timeout: 20_000 });
    // At once, while the announcements of the pending button are still in the page (7 s).
    await expectNoA11yViolations(page, 'order confirmation');

    await page.getByRole('link', { name: 'See your orders' }).click();
    const cancel = page.getByRole('button', { name: /^Cancel 1 box of / });
    await expect(cancel).toBeVisible();
    await expect(cancel).toHaveText('Cancel 1 box');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectNoA11yViolations(page, `orders with Cancel boxes ${size.width} px`);
    }
  });
});
