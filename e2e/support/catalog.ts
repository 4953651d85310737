import { expect, type Locator, type Page } from '@playwright/test';

/** The catalogue card of a variety (best-deal mode lists each variety once). */
export function varietyCard(page: Page, varietyName: string): Locator {
  return page
    .locator('#root article.variety-card', {
      has: page.getByRole('heading', { name: varietyName, exact: true }),
    })
    .first();
}

/** Opens a variety's detail dialog from its card and returns the dialog. */
export async function openProductDetail(page: Page, varietyName: string): Promise<Locator> {
  await varietyCard(page, varietyName).getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: varietyName });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * The row of one price row with its Boxes field and Add button: on the variety's card when the
 * card leads with it, otherwise in the product detail dialog (opened here).
 */
export async function offerRow(
  page: Page,
  varietyName: string,
  inventoryKey: number,
): Promise<Locator> {
  const card = varietyCard(page, varietyName);
  await expect(card).toBeVisible();
  const onCard = card.getByTestId(`offer-${inventoryKey}`);
  if ((await onCard.count()) > 0) return onCard;
  const dialog = await openProductDetail(page, varietyName);
  return dialog.getByTestId(`offer-${inventoryKey}`);
}

/** Closes a variety's detail dialog if it is open. */
export async function closeProductDetail(page: Page, varietyName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: varietyName });
  if (!(await dialog.isVisible())) return;
  // The dialog's own Close button, as a buyer taps it: Escape reaches the dialog only while focus
  // is inside it, and an Add that re-renders its row (or a toast) can take focus away.
  await expect(async () => {
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The variety names of the cards in the page, in order (the list is windowed: only those near the screen). */
export async function cardNames(page: Page): Promise<string[]> {
  return page.locator('#root article.variety-card h3').allTextContents();
}
