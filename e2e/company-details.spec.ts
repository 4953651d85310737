import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiRun, apiSignUp, chooseOption, uniqueEmail } from './support/accounts';
import { DEMO_PASSWORD } from './support/api';
import { logInThroughModal, signedInPage } from './support/app';
import { sessionToken } from './support/delivery';

test('issue 27.12: the main user edits the company name and main address; another user only reads them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // A company of its own: the demo florist's name and main address are what other specs read.
  const owner = uniqueEmail('company-owner');
  await apiSignUp(page.request, owner, { password: DEMO_PASSWORD, company_name: 'Peony Place' });
  await page.goto('/shopping/home');
  await logInThroughModal(page, owner);
  await page.goto('/shopping/home/company-details');
  // The phone and resale number the sign-up gave (spec §3 metadata).
  await expect(page.getByText('2015550123', { exact: true })).toBeVisible();
  await expect(page.getByText('R-1', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit company details' }).click();

  await page.getByRole('textbox', { name: 'Company name' }).fill('Peony Place & Co');
  await page.getByRole('textbox', { name: 'Street' }).fill('77 Harbor Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Hoboken');
  await chooseOption(page, 'State', 'New Jersey');
  await page.getByRole('textbox', { name: 'Zipcode' }).fill('7030');
  await page.getByRole('button', { name: 'Save company details' }).click();
  // The address form's own rule and words (spec §5).
  await expect(page.getByText('Please fill in the 5 digits of your zipcode.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Zipcode' }).fill('07030');
  await page.getByRole('button', { name: 'Save company details' }).click();

  await expect(page.getByText('Company details saved.').first()).toBeVisible();
  await expect(page.getByText('Peony Place & Co')).toBeVisible();
  await expect(page.getByTestId('main-address')).toContainText('77 Harbor Street');
  await page.reload();
  await expect(page.getByTestId('main-address')).toContainText('77 Harbor Street');

  // A second user of the same company reads the details but cannot edit them.
  const email = uniqueEmail('company-user');
  const added = await apiRun(page.request, await sessionToken(page), 'add_user', {
    email,
    first_name: 'Sam',
    last_name: 'Reed',
    password: 'tulips-in-spring',
  });
  expect(added.ok(), await added.text()).toBe(true);
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const other = await context.newPage();
  await other.goto('/shopping/home');
  const welcome = other.getByRole('dialog', { name: 'Welcome to Stemline' });
  await welcome.getByRole('button', { name: 'Log in' }).click();
  const dialog = other.getByRole('dialog', { name: 'Sign up or log in' });
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Work Email').press('Enter');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('tulips-in-spring');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByRole('button', { name: 'Log out' })).toBeVisible();
  await other.goto('/shopping/home/company-details');
  await expect(other.getByTestId('main-address')).toContainText('77 Harbor Street');
  await expect(other.getByText('Only the main user of your company can change')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Edit company details' })).toHaveCount(0);
  const refused = await apiRun(other.request, await sessionToken(other), 'update_company_details', {
    name: 'Taken Over',
    address: { address: '1 Other Road', city: 'Newark', state: 'NJ', zipcode: '07105' },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});

const FLORIST = 'florist@stemline.test';
const DESKTOP = { width: 1280, height: 900 };

/**
 * Runs `steps` with the florist's company details open for editing, reached inside the app (the
 * delivery bar's address picker, Edit on the main address), so the catalogue is one Back away.
 * Nothing is saved: the florist's company is what other specs read.
 */
async function withCompanyForm(
  browser: Browser,
  steps: (page: Page, name: Locator) => Promise<void>,
): Promise<void> {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await page.getByRole('button', { name: /^Deliver to: / }).click();
    await page.getByRole('button', { name: 'Edit the main address' }).click();
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);
    await page.getByRole('button', { name: 'Edit company details' }).click();
    await steps(page, page.getByRole('textbox', { name: 'Company name' }));
  } finally {
    await context.close();
  }
}

test('typing in company details, a header link asks first; kept, the typing stays; discarded, the link’s page opens', async ({
  browser,
}) =>
  withCompanyForm(browser, async (page, name) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const confirm = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await name.fill('Typed Not Saved');
    await page.getByRole('textbox', { name: 'City' }).fill('Typed City');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);
    await expect(name).toHaveValue('Typed Not Saved');
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Typed City');

    // Escape answers as Keep editing does, as the dialog's Back question does.
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(name).toHaveValue('Typed Not Saved');

    await nav.getByRole('link', { name: 'Products' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/shopping\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    await expect(confirm).toHaveCount(0);
  }));

test('typing in company details, the browser’s Back asks first; kept, the typing stays; discarded, Back goes', async ({
  browser,
}) =>
  withCompanyForm(browser, async (page, name) => {
    const confirm = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await name.fill('Typed Not Saved');

    await page.goBack();
    await expect(confirm).toBeVisible();
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(name).toHaveValue('Typed Not Saved');
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);

    await page.goBack();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/shopping\/home(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers' })).toBeVisible();
    // Discarding went back, not forward to a new entry: Forward returns to company details.
    await page.goForward();
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);
    await expect(page.getByRole('button', { name: 'Edit company details' })).toBeVisible();
  }));

test('with no typing in company details, header links and Back leave at once, asking nothing', async ({
  browser,
}) =>
  withCompanyForm(browser, async (page, name) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    // Typing the name as it was is no change.
    const saved = await name.inputValue();
    await name.fill(`${saved}x`);
    await name.fill(saved);
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/shopping\/products$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/shopping\/home\/company-details$/);
    await page.getByRole('button', { name: 'Edit company details' }).click();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  }));

test('typing in company details, closing the tab asks through the browser’s own prompt; with none, it closes', async ({
  browser,
}) =>
  withCompanyForm(browser, async (page, name) => {
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await name.fill('Typed Not Saved');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect(name).toHaveValue('Typed Not Saved');

    await page.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard the changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByRole('button', { name: 'Edit company details' })).toBeVisible();
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toEqual(['beforeunload']);
  }));
