import { expect, test } from '@playwright/test';
import { apiRun, apiSignUp, chooseOption, uniqueEmail } from './support/accounts';
import { DEMO_PASSWORD } from './support/api';
import { logInThroughModal } from './support/app';
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
