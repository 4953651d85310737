import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailMessages } from '@stemline/shared';
import { mailsTo } from './support/accounts';
import { logInThroughModal } from './support/app';
import { sessionToken } from './support/delivery';

const NEWBUYER = 'newbuyer@stemline.test';
const WEEKLY = 'Weekly statement by email';

/** The preferences the server holds for the signed-in page's customer. */
async function serverPreferences(page: Page): Promise<Record<string, unknown>> {
  const token = await sessionToken(page);
  const answer = await page.request.get('/api/security/validate', { params: { token } });
  const body = (await answer.json()) as { user?: { metadata?: { preferences?: string } } };
  return JSON.parse(body.user?.metadata?.preferences ?? '{}') as Record<string, unknown>;
}

/** The unsubscribe link (the last link) of the newest weekly statement mail to `to`. */
async function weeklyUnsubscribeLink(request: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      // The test clock's tick runs the server's mail scheduler at once.
      await request.post('/api/test/clock', { data: { advanceMs: 0 } });
      const mail = (await mailsTo(request, to)).find((entry) => entry.kind === 'weekly_statement');
      link = mail?.links.at(-1) ?? '';
      return link;
    })
    .toContain('/unsubscribe?token=');
  return link;
}

test('a mail’s unsubscribe link turns its option off in one click, without logging in', async ({
  page,
  browser,
}) => {
  await page.goto('/shopping/home');
  await logInThroughModal(page, NEWBUYER);
  // Straight to the account page: this test is about the mail's link. (A tap on Account while
  // the catalogue was still pinning the buyer's automatic date was once taken back to the
  // catalogue; automatic-delivery-date.tsx now checks the URL first.)
  await page.goto('/shopping/home/account');
  const weekly = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('checkbox', { name: WEEKLY });
  if (!(await weekly.isChecked()))
    await page.getByRole('region', { name: 'Notifications' }).getByText(WEEKLY).click();
  await expect(weekly).toBeChecked();
  await expect
    .poll(async () => (await serverPreferences(page)).customer_statement_email_weekly)
    .toBe(true);

  const link = await weeklyUnsubscribeLink(page.request, NEWBUYER);

  // A visitor's fresh browser, as a mail client opens the link: no session, no welcome modal.
  const visitor = await browser.newContext();
  try {
    const mailTab = await visitor.newPage();
    const tampered = new URL(link);
    const token = tampered.searchParams.get('token') ?? '';
    tampered.searchParams.set('token', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    await mailTab.goto(tampered.pathname + tampered.search);
    await expect(
      mailTab.getByRole('region', { name: 'Unsubscribe' }).getByRole('alert'),
    ).toHaveText(mailMessages.unsubscribeInvalid);
    expect((await serverPreferences(page)).customer_statement_email_weekly).toBe(true);

    const url = new URL(link);
    await mailTab.goto(url.pathname + url.search);
    const region = mailTab.getByRole('region', { name: 'Unsubscribe' });
    await expect(region.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
    await expect(region.getByRole('status')).toHaveText(mailMessages.unsubscribeDone(WEEKLY));
    await expect(mailTab.getByRole('dialog', { name: 'Welcome to Stemline' })).toHaveCount(0);
    await expect(mailTab.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await expect(mailTab).toHaveTitle('Unsubscribe — Stemline');
    // The same fresh visitor does get the welcome modal on the catalogue (spec §2).
    await mailTab.goto('/shopping/home');
    await expect(mailTab.getByRole('dialog', { name: 'Welcome to Stemline' })).toBeVisible();
  } finally {
    await visitor.close();
  }
  expect((await serverPreferences(page)).customer_statement_email_weekly).toBe(false);

  // The buyer's own device shows the option off once the account is opened again.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox', { name: WEEKLY }),
  ).not.toBeChecked();
});
