import { expect, test, type Page } from '@playwright/test';
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

test('company details: Edit moves focus to the company name, Back returns it to Edit', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await page.goto('/shopping/home/company-details');
    const edit = page.getByRole('button', { name: 'Edit company details' });
    await press(page, edit);
    await expect(page.getByRole('textbox', { name: 'Company name' })).toBeFocused();
    await press(page, page.getByRole('button', { name: 'Back' }));
    await expect(edit).toBeFocused();
  } finally {
    await context.close();
  }
});

test('address picker: the form takes focus on Street, and the list gives it back where it was', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, DESKTOP, FLORIST);
  try {
    await press(page, page.getByRole('button', { name: /^Deliver to: / }));
    const dialog = page.getByRole('dialog');
    const add = dialog.getByRole('button', { name: '+add' });
    await press(page, add);
    const street = dialog.getByRole('textbox', { name: 'Street' });
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
  } finally {
    await context.close();
  }
});
