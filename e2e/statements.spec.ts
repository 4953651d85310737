import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { logInThroughModal } from './support/app';

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
