import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api';

/** Signs in through the 'Sign up or log in' modal, pressing Enter as a keyboard user would. */
export async function logInThroughModal(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign up or log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Work Email').press('Enter');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** The yyyyMMdd date the catalog page pinned in its URL. */
export async function catalogDate(page: Page): Promise<number> {
  await expect(page).toHaveURL(/[?&]date=\d{8}/);
  return Number(new URL(page.url()).searchParams.get('date'));
}

export async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Cart, \d+ boxes$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(dialog).toBeVisible();
  return dialog;
}
