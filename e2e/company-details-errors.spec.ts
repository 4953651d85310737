import { expect, test } from '@playwright/test';
import { signedInPage } from './support/app';

/**
 * The company details form checks every field at once and is one form: Enter in Company name
 * submits it like Enter in the address fields, and a blank name is told with the address's own
 * mistakes, not only after they are fixed. Nothing is saved and nothing typed is lost.
 */
test('company details: a blank name and a short zipcode are both told, from Enter in the name', async ({
  browser,
}) => {
  const desktop = { width: 1280, height: 900 };
  const { context, page } = await signedInPage(browser, desktop, 'florist@stemline.test');
  try {
    await page.goto('/shopping/home/company-details');
    await page.getByRole('button', { name: 'Edit company details' }).click();
    const name = page.getByRole('textbox', { name: 'Company name' });
    const zipcode = page.getByRole('textbox', { name: 'Zipcode' });
    await zipcode.fill('7030');
    await name.fill('   ');
    await name.press('Enter');

    await expect(name).toHaveAccessibleDescription(/Please enter your company name\./);
    await expect(zipcode).toHaveAccessibleDescription(
      /Please fill in the 5 digits of your zipcode\./,
    );
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(zipcode).toHaveValue('7030');
    await expect(page.getByRole('button', { name: 'Save company details' })).toBeVisible();
    // Leaving asks first: what was typed is only dropped when the buyer says so.
    await page.getByRole('button', { name: 'Back' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard the changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(page.getByText('Bennett Blooms')).toBeVisible();
  } finally {
    await context.close();
  }
});
