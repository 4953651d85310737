import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { logInThroughModal, signedInPage } from './support/app';

const FLORIST = 'florist@stemline.test';

test('a statement downloads as a PDF from the account and opens as that statement', async ({
  page,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  // From the keyboard: a notice's toast (a claim other specs credited to this florist) can open
  // over the header's links as the sync delivers it, and a pointer resting on it keeps it open.
  await page.getByRole('link', { name: 'Account' }).press('Enter');
  const section = page.getByRole('region', { name: 'Statements' });
  const row = section.getByRole('row').nth(1);
  const month = (await row.getByRole('rowheader').textContent()) ?? '';
  const number = (await row.locator('.statements__number').textContent()) ?? '';
  expect(number).toMatch(/^ST-\d{6}-[0-9A-F]{8}$/);
  const monthName = month.replace(number, '').trim();

  const pdfButton = row.getByRole('button', { name: `Download the ${monthName} statement as PDF` });
  await expect(pdfButton).toHaveText('PDF');
  await expect(
    row.getByRole('button', { name: `Download the ${monthName} statement as CSV` }),
  ).toBeVisible();
  const downloading = page.waitForEvent('download');
  await pdfButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`stemline-statement-${number}.pdf`);
  const bytes = await readFile((await download.path()) ?? '');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The number is the document's title (kept as plain text in the PDF's information dictionary).
  expect(bytes.includes(`Stemline statement ${number}`)).toBe(true);
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
});

test('every statement amount and download fits its card on a phone and on a desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/shopping/home');
  await logInThroughModal(page, FLORIST);
  await page.goto('/shopping/home/account');
  const section = page.getByRole('region', { name: 'Statements' });
  // Still read as a table, whose rows stack on a narrow card.
  const row = section.getByRole('row').nth(1);
  await expect(row.getByRole('rowheader')).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 780 });
    const card = await section.boundingBox();
    if (!card) throw new Error('no statements card');
    // Before, six columns scrolled inside the card: the downloads sat past its right edge.
    for (const target of [
      row.getByRole('cell').filter({ hasText: '$' }).last(),
      row.getByRole('button', { name: /as PDF$/ }),
      row.getByRole('button', { name: /as CSV$/ }),
    ]) {
      const box = await target.boundingBox();
      expect(box, `${width}px`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${width}px`).toBeLessThanOrEqual(
        card.x + card.width,
      );
    }
  }
});

test('a statement download shows it is working, runs once, and offline says it needs a connection', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, { width: 360, height: 780 }, FLORIST);
  try {
    await page.goto('/shopping/home/account');
    const section = page.getByRole('region', { name: 'Statements' });
    const pdf = section.getByRole('button', { name: /^Download the \w+ \d{4} statement as PDF$/ });
    const csv = section.getByRole('button', { name: /^Download the \w+ \d{4} statement as CSV$/ });
    await expect(pdf.first()).toBeVisible();

    // Held by the test until both presses are in: the button is busy, and one file is asked for.
    let asked = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/statements/*.pdf', async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await pdf.first().click();
    await expect(pdf.first()).toHaveAttribute('aria-disabled', 'true');
    await expect(pdf.first().getByRole('progressbar', { name: 'Downloading' })).toBeVisible();
    await pdf.first().click({ force: true });
    await expect.poll(() => asked).toBe(1);
    const downloading = page.waitForEvent('download');
    release();
    await downloading;
    await expect(pdf.first()).not.toHaveAttribute('aria-disabled');
    expect(asked).toBe(1);
    await page.unroute('**/api/statements/*.pdf');

    // Offline, by a dropped request or a device that knows it: it needs a connection, try again.
    const needsConnection =
      'You are offline. Downloading a statement needs a connection; please try again when you are back online.';
    const toast = page.locator('.sl-toast').filter({ hasText: needsConnection });
    await page.route('**/api/statements/*.csv', (route) => route.abort('internetdisconnected'));
    await csv.first().click();
    await expect(toast).toContainText('The statement could not be downloaded.');
    await page.unroute('**/api/statements/*.csv');
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
    await context.setOffline(true);
    await csv.first().click();
    await expect(toast).toBeVisible();

    // Back online, the same press downloads it.
    await context.setOffline(false);
    const again = page.waitForEvent('download');
    await csv.first().click();
    expect((await again).suggestedFilename()).toMatch(/^stemline-statement-\d{4}-\d{2}\.csv$/);
  } finally {
    await context.close();
  }
});

test('statements the server failed to list offer Try again, which lists them', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, { width: 360, height: 780 }, FLORIST);
  try {
    let refused = 0;
    await page.route('**/api/cs/run', async (route) => {
      const body = route.request().postDataJSON() as { key?: string } | null;
      if (body?.key !== 'list_statements' || refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 500, json: { success: false, error: 'Server error' } });
    });
    await page.goto('/shopping/home/account');
    const section = page.getByRole('region', { name: 'Statements' });
    await expect(section).toContainText('Your statements could not be loaded.');
    await section.getByRole('button', { name: 'Try again' }).click();
    await expect(
      section.getByRole('button', { name: /^Download the \w+ \d{4} statement as PDF$/ }).first(),
    ).toBeVisible();
    expect(refused).toBe(1);
  } finally {
    await context.close();
  }
});
