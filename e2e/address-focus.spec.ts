import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signedInPage } from './support/app';

/**
 * Keyboard focus in the delivery-address picker and on the company details page: when a view
 * swaps the control that had focus away, focus lands on the next thing to use, not on the page's
 * start (company details) or the dialog's Close button (picker).
 */

const FLORIST = 'florist@stemline.test';
const DESKTOP = { width: 1280, height: 900 };

async function press(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

interface Picker {
  page: Page;
  dialog: Locator;
  add: Locator;
  street: Locator;
}

/** Runs `steps` with the florist's address picker open, from the delivery bar by keyboard. */
async function withPicker(browser: Browser, steps: (picker: Picker) => Promise<void>) {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await press(page, page.getByRole('button', { name: /^Deliver to: / }));
    const dialog = page.getByRole('dialog');
    await steps({
      page,
      dialog,
      add: dialog.getByRole('button', { name: '+add' }),
      street: dialog.getByRole('textbox', { name: 'Street' }),
    });
  } finally {
    await context.close();
  }
}

interface CompanyDetails {
  page: Page;
  edit: Locator;
  back: Locator;
}

/** Runs `steps` on the florist's company details page (the company's main user's). */
async function withCompanyDetails(
  browser: Browser,
  steps: (details: CompanyDetails) => Promise<void>,
) {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await page.goto('/shopping/home/company-details');
    await steps({
      page,
      edit: page.getByRole('button', { name: 'Edit company details' }),
      back: page.getByRole('button', { name: 'Back' }),
    });
  } finally {
    await context.close();
  }
}

test('company details: Edit moves focus to the company name, Back returns it to Edit', async ({
  browser,
}) =>
  withCompanyDetails(browser, async ({ page, edit, back }) => {
    await press(page, edit);
    await expect(page.getByRole('textbox', { name: 'Company name' })).toBeFocused();
    await press(page, back);
    await expect(edit).toBeFocused();
  }));

test('company details: Back with changes asks first; kept, the typing stays; discarded, it goes', async ({
  browser,
}) =>
  withCompanyDetails(browser, async ({ page, edit, back }) => {
    const city = page.getByRole('textbox', { name: 'City' });
    const confirm = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await press(page, edit);
    await city.fill('Jersey City');
    await press(page, back);
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(city).toHaveValue('Jersey City');
    await expect(back).toBeFocused();

    await press(page, back);
    await press(page, confirm.getByRole('button', { name: 'Discard' }));
    await expect(edit).toBeFocused();
    await expect(page.getByTestId('main-address')).toContainText('Hoboken');
  }));

test('address picker: the form takes focus on Street, and the list gives it back where it was', async ({
  browser,
}) =>
  withPicker(browser, async ({ page, dialog, add, street }) => {
    await press(page, add);
    await expect(street).toBeFocused();
    await press(page, dialog.getByRole('button', { name: 'Back' }));
    await expect(add).toBeFocused();

    // A saved new address: focus back on '+add', the new row just under it.
    const name = `${Date.now() % 100000} Focus Lane`;
    await press(page, add);
    await street.fill(name);
    await dialog.getByRole('textbox', { name: 'City' }).fill('Newark');
    await dialog.getByRole('button', { name: /State$/ }).click();
    await page.getByRole('option', { name: 'New Jersey' }).click();
    await dialog.getByRole('textbox', { name: 'Zipcode' }).fill('07102');
    await press(page, dialog.getByRole('button', { name: 'Add address' }));
    await expect(add).toBeFocused();

    // Edit, then Back: focus on that row's Edit.
    const editRow = dialog.getByRole('button', { name: `Edit ${name}` });
    await press(page, editRow);
    await expect(street).toBeFocused();
    await press(page, dialog.getByRole('button', { name: 'Back' }));
    await expect(editRow).toBeFocused();

    // Delete, then Cancel: focus on that row's Delete; confirmed, the row is gone: on '+add'.
    const deleteRow = dialog.getByRole('button', { name: `Delete ${name}` });
    const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
    await press(page, deleteRow);
    await press(page, confirm.getByRole('button', { name: 'Cancel' }));
    await expect(deleteRow).toBeFocused();
    // Escape in the confirmation cancels it, back to the list, and deletes nothing.
    await press(page, deleteRow);
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(deleteRow).toBeFocused();
    await press(page, deleteRow);
    await press(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
    await expect(add).toBeFocused();
  }));

test('address picker: Escape in the form goes back to the list and never drops typing silently', async ({
  browser,
}) =>
  withPicker(browser, async ({ page, dialog, add, street }) => {
    // Nothing typed: Escape is Back, to the list and onto '+add', the picker still open.
    await press(page, add);
    await expect(street).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(
      dialog.getByRole('heading', { name: 'Select the delivery address for this order:' }),
    ).toBeVisible();
    await expect(add).toBeFocused();

    // Typed: Escape asks first, and its safe answer (also Escape) keeps every character.
    await press(page, add);
    await street.fill('12 Draft Street');
    await dialog.getByRole('textbox', { name: 'City' }).fill('Trenton');
    await page.keyboard.press('Escape');
    const confirm = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(street).toHaveValue('12 Draft Street');
    await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Trenton');
    await expect(street).toBeFocused();

    // Asked again, Discard drops the draft: back on '+add', and a new form starts empty.
    await page.keyboard.press('Escape');
    await press(page, confirm.getByRole('button', { name: 'Discard' }));
    await expect(add).toBeFocused();
    await press(page, add);
    await expect(street).toHaveValue('');

    // The × with typing asks too; discarded there, the picker closes.
    await street.fill('14 Draft Street');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await press(page, confirm.getByRole('button', { name: 'Discard' }));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
  }));

test('address picker: the browser’s Back with typing asks there; kept, the typing stays; discarded, the picker closes and Back goes', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Products' })
      .click();
    await expect(page).toHaveURL(/\/shopping\/products(\?|$)/);
    await press(page, page.getByRole('button', { name: /^Deliver to: / }));
    const dialog = page.getByRole('dialog');
    const street = dialog.getByRole('textbox', { name: 'Street' });
    await press(page, dialog.getByRole('button', { name: '+add' }));
    await street.fill('16 Draft Street');

    await page.goBack();
    const confirm = page.getByRole('alertdialog', { name: 'Discard the changes?' });
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expect(confirm).toContainText('The address you started is not saved yet.');
    await expect(page).toHaveURL(/\/shopping\/products(\?|$)/);
    await page.keyboard.press('Escape');
    await expect(street).toHaveValue('16 Draft Street');
    await expect(page).toHaveURL(/\/shopping\/products(\?|$)/);

    await page.goBack();
    await press(page, confirm.getByRole('button', { name: 'Discard' }));
    await expect(page).toHaveURL(/\/shopping\/home(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh flowers' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
  } finally {
    await context.close();
  }
});
