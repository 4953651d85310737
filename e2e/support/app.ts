import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { skipWelcome } from './accounts';
import { DEMO_PASSWORD } from './api';

/** Signs in through the 'Sign up or log in' modal, pressing Enter as a keyboard user would. */
export async function logInThroughModal(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  // A visitor's first visit opens the welcome modal (accounts); its own 'Log in' leads on.
  const welcome = page.getByRole('dialog', { name: 'Welcome to Stemline' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'Log in' }).click();
  else await page.getByRole('button', { name: 'Log in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Sign up or log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Work Email').fill(email);
  await dialog.getByLabel('Work Email').press('Enter');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/**
 * A new context of `viewport`'s size whose page has `email` signed in (the welcome skipped), on
 * the catalogue. The caller closes the context.
 */
export async function signedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    await skipWelcome(page);
    await page.goto('/shopping/home');
    await logInThroughModal(page, email);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Clicks `target`, first dismissing the toasts if one lies over it. Another spec on the lane's
 * shared account can leave this page a toast (a claim it credited, say) that, at 360 px, sits
 * over the delivery bar; the click's own pointer then hovers it, and react-aria keeps a hovered
 * toast open, so the click would wait for it forever. A person would press its Dismiss.
 */
export async function clickPastToasts(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    try {
      await target.click({ timeout: 3_000 });
    } catch (error) {
      for (const dismiss of await page
        .locator('.sl-toast')
        .getByRole('button', { name: 'Dismiss' })
        .all())
        await dismiss.click({ timeout: 1_000 }).catch(() => undefined);
      throw error;
    }
  }).toPass({ timeout: 30_000 });
}

/**
 * The yyyyMMdd delivery date in the catalogue's URL. Guests and customers with at most one order
 * get it automatically; other accounts (spec §4) choose the first open day in the calendar here.
 */
export async function catalogDate(page: Page): Promise<number> {
  const dateButton = page.getByRole('button', { name: /^Delivery date: / });
  await expect(dateButton).not.toHaveAccessibleName(/Finding a date/);
  if ((await dateButton.getAttribute('aria-label')) === 'Delivery date: Choose a date') {
    await clickPastToasts(page, dateButton);
    const calendar = page.getByRole('dialog', { name: 'Choose your delivery date' });
    // The days without arrivals are disabled once the month's arrivals are in: a day picked
    // before then may be refused, and is picked again.
    const deliver = calendar.getByRole('button', { name: /^Deliver on / });
    await expect(async () => {
      await calendar
        .locator('[role="gridcell"]:not([aria-disabled="true"]) [role="button"]')
        .first()
        .click();
      await expect(deliver).toBeEnabled({ timeout: 2_000 });
    }).toPass();
    await deliver.click();
    await expect(calendar).toBeHidden();
  }
  await expect(page).toHaveURL(/[?&]date=\d{8}/);
  return Number(new URL(page.url()).searchParams.get('date'));
}

export async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Cart, \d+ box(es)?$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Shopping cart' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Records the words of every toast shown from now on (a toast leaves after a few seconds):
 * the returned function reads them, each toast once, in the order they appeared.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.sl-toast')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}
