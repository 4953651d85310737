import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiRun, apiSignUp, NEW_PASSWORD, skipWelcome, uniqueEmail } from './support/accounts';
import { DEMO_PASSWORD } from './support/api';
import { catalogDate, logInThroughModal } from './support/app';

/**
 * Issue 27 point 16, the keyboard: each screen's main control is reached with Tab and operated
 * with the keyboard alone, and a dialog that closes gives focus back to what opened it.
 */

const PHONE = { width: 360, height: 780 };

/** Presses Tab until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${target.toString()} was not reached in ${max} Tabs`);
}

/** Tabs to a react-aria Select by its label and picks `option` with the arrow keys and Enter. */
async function chooseByKeyboard(page: Page, label: string, option: string): Promise<void> {
  // A react-aria Select's trigger is named by its value, then its label.
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await tabTo(page, page.getByRole('button', { name: new RegExp(`${escaped}$`) }));
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let presses = 0; presses < 20; presses += 1) {
    if (await wanted.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(wanted).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A new company with a one-time address, signed in on `page` with its delivery date. */
async function ownCompany(page: Page): Promise<void> {
  const email = uniqueEmail('a11y-keys');
  const token = await apiSignUp(page.request, email, { password: DEMO_PASSWORD });
  const response = await apiRun(page.request, token, 'customer_address', {
    slAddress: { address: '5 Dock Road', city: 'Newark', state: 'NJ', zipcode: '07105' },
    save: true,
    update: false,
    _KEY: `a-a11y-${Math.random().toString(36).slice(2)}`,
  });
  expect(response.ok()).toBe(true);
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
  await catalogDate(page);
}

/** Starts keyboard travel from the top of the page, as after a fresh load. */
async function fromTheTop(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test.describe('keyboard (issue 27 point 16)', () => {
  test('the log-in modal: Log in is a Tab away, both steps go with Enter, Escape returns focus', async ({
    page,
  }) => {
    const email = uniqueEmail('a11y-login');
    await apiSignUp(page.request, email, { password: DEMO_PASSWORD });
    await skipWelcome(page);
    await page.goto('/shopping/home');
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    await fromTheTop(page);
    await tabTo(page, logIn);

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign up or log in' });
    await expect(dialog.getByLabel('Work Email')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(logIn).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Work Email')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const password = dialog.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the sign-up form is filled and sent from the keyboard', async ({ page }) => {
    test.slow();
    await skipWelcome(page);
    await page.goto('/shopping/home');
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await expect(logIn).toBeVisible();
    await logIn.focus();
    await page.keyboard.press('Enter');
    const email = uniqueEmail('a11y-signup');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const form = page.getByRole('region', { name: 'Create your account' });
    await expect(form.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await fromTheTop(page);
    const field = (label: string) => form.getByRole('textbox', { name: label, exact: true });
    for (const [label, value] of [
      ['First Name', 'Rosa'],
      ['Last Name', 'Diaz'],
      ['Company Name', 'Diaz Flowers'],
    ] as const) {
      await tabTo(page, field(label));
      await page.keyboard.type(value);
    }
    await chooseByKeyboard(page, 'Business Type', 'Florist');
    await chooseByKeyboard(page, 'What kind of shop do you have?', 'Physical shop');
    for (const [label, value] of [
      ['Resale Number/BIN/EIN/Tax ID', 'EIN-12-3456789'],
      ['Zip Code', '07030'],
      ['Phone Number', '2015550123'],
      ['Password', NEW_PASSWORD],
      ['Repeat password', NEW_PASSWORD],
    ] as const) {
      await tabTo(page, field(label));
      await page.keyboard.type(value);
    }
    const terms = form.getByRole('checkbox', { name: /I accept the terms/ });
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, form.getByRole('button', { name: 'Continue to see prices' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/shopping\/home/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the catalogue at 360 px and the product detail: a card opens, adds and closes by keyboard', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await ownCompany(page);
    await page.reload();
    const firstCard = page.locator('#root article.variety-card').first();
    await expect(firstCard).toBeVisible();
    await fromTheTop(page);
    await tabTo(page, page.getByRole('link', { name: 'Skip to products' }));
    await page.keyboard.press('Enter');
    const open = firstCard.getByRole('heading').getByRole('button');
    await tabTo(page, open, 10);
    const name = ((await open.textContent()) ?? '').trim();

    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name });
    await expect(detail).toBeVisible();
    const add = detail.getByRole('button', { name: /^Add .* to cart$/ }).first();
    await tabTo(page, add, 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Product successfully added to your shopping cart.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cart, [1-9]\d* box(es)?$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('the calendar: Delivery date, arrow keys to another day, Enter; focus returns', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await ownCompany(page);
    const before = new URL(page.url()).searchParams.get('date');
    const button = page.getByRole('button', { name: /^Delivery date: / });
    await fromTheTop(page);
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose your delivery date' });
    await expect(calendar.getByText('Checking which days have arrivals')).toBeHidden();

    // The grid is one Tab stop: its focusable day is the chosen one.
    await tabTo(page, calendar.getByRole('grid').locator('[role="button"][tabindex="0"]'), 15);
    const focusedDayIsOpen = () =>
      page.evaluate(
        () =>
          document.activeElement?.closest('[role="gridcell"]')?.getAttribute('aria-disabled') !==
          'true',
      );
    let presses = 0;
    do {
      await page.keyboard.press('ArrowRight');
      presses += 1;
    } while (!(await focusedDayIsOpen()) && presses < 15);
    expect(await focusedDayIsOpen(), 'an open day after the chosen one').toBe(true);
    await page.keyboard.press('Enter');
    const deliver = calendar.getByRole('button', { name: /^Deliver on / });
    await tabTo(page, deliver, 10);
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).not.toHaveURL(new RegExp(`date=${before}`));

    await page.keyboard.press('Enter');
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the address picker: Deliver to, Tab to an address, Enter picks it; focus returns', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await ownCompany(page);
    const button = page.getByRole('button', { name: /^Deliver to: / });
    await fromTheTop(page);
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', {
      name: 'Select the delivery address for this order:',
    });
    await tabTo(page, picker.getByRole('button', { name: /^Deliver to 5 Dock Road/ }), 10);
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    await expect(button).toHaveAccessibleName('Deliver to: 5 Dock Road, Newark');
    await expect(button).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the account area: Add user is reached, its form sent with Enter; focus returns', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await ownCompany(page);
    await page.goto('/shopping/home/account');
    const addUser = page.getByRole('button', { name: 'Add user' });
    await expect(addUser).toBeVisible();
    await fromTheTop(page);
    await tabTo(page, addUser);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    const email = uniqueEmail('a11y-user');
    await page.keyboard.type('Sam');
    for (const [label, value] of [
      ['Last Name', 'Reed'],
      ['Email', email],
      ['Password', NEW_PASSWORD],
      ['Repeat password', NEW_PASSWORD],
    ] as const) {
      await tabTo(page, dialog.getByRole('textbox', { name: label, exact: true }), 5);
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(email)).toBeVisible();
    await expect(addUser).toBeFocused();
  });
});
