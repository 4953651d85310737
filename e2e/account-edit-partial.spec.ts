import { expect, test } from '@playwright/test';
import { apiSignUp, uniqueEmail } from './support/accounts';
import { DEMO_PASSWORD } from './support/api';
import { logInThroughModal } from './support/app';

/**
 * 'Edit user' saves names and the sign-in email by separate calls. When the names are saved and
 * the email is refused, the list must show the saved names: the buyer who cancels then sees
 * what the server holds, not the old names over changed ones.
 */
test('edit user: names saved before a refused email show in the list', async ({ page }) => {
  const email = uniqueEmail('edit-partial');
  await apiSignUp(page.request, email, { password: DEMO_PASSWORD, first_name: 'Pia' });
  await page.goto('/shopping/home');
  await logInThroughModal(page, email);
  await page.goto('/shopping/home/account');
  const card = page.getByRole('region', { name: 'Users of your company' });
  const own = card.getByRole('listitem').filter({ hasText: email });
  await own.getByRole('button', { name: `Edit ${email}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await edit.getByRole('textbox', { name: 'First Name' }).fill('Fern');
  // Another account's email: the server refuses the move.
  await edit.getByRole('textbox', { name: 'Sign-in email' }).fill('florist@stemline.test');
  await edit.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
  await edit.getByRole('button', { name: 'Save user' }).click();
  await expect(edit.getByRole('textbox', { name: 'Sign-in email' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(edit.getByRole('textbox', { name: 'Sign-in email' })).toHaveValue(
    'florist@stemline.test',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();
  await expect(own.getByText('Fern Ng')).toBeVisible();
  await page.reload();
  await expect(own.getByText('Fern Ng')).toBeVisible();
});
