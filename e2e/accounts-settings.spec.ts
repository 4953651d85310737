import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { validateAnswerSchema } from '@stemline/shared';
import {
  apiLogIn,
  apiSignUp,
  chooseOption,
  continueWithEmail,
  mailsTo,
  NEW_PASSWORD,
  skipWelcome,
  uniqueEmail,
} from './support/accounts';

/** The account area (/shopping/home/account): password, referral, company users; new sign-up questions. */

/** Opens `path` signed in with `token`, as a device that logged in earlier would be. */
async function openSignedIn(
  page: Page,
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<void> {
  const validated = await request.get('/api/security/validate', { params: { token } });
  const user = validateAnswerSchema.parse(await validated.json()).user;
  if (!user) throw new Error('token did not validate');
  await page.goto('/shopping/home/account');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('stemline.welcomed', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user_key', user.key);
      localStorage.setItem('stemline.user', JSON.stringify(user));
    },
    { token, user },
  );
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.sl-toast').filter({ hasText: text });

test.describe('account area', () => {
  test('changing the password keeps this device signed in and logs the other device out to /shopping/home', async ({
    page,
    request,
    browser,
  }) => {
    const email = uniqueEmail('settings');
    const here = await apiSignUp(request, email);
    const elsewhere = await apiLogIn(request, email, NEW_PASSWORD);

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await openSignedIn(otherPage, request, elsewhere, '/shopping/home/account');
    await expect(
      otherPage.getByRole('heading', { name: 'Your account', exact: true }),
    ).toBeVisible();

    // The account menu link leads to the account area.
    await openSignedIn(page, request, here, '/shopping/home');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Account' })
      .click();
    await expect(page).toHaveURL(/\/shopping\/home\/account$/);
    const card = page.getByRole('region', { name: 'Password' });
    await expect(card).toBeVisible();
    // A florist sees no staff controls.
    await expect(page.getByRole('region', { name: 'Sales: a customer’s users' })).toHaveCount(0);

    const current = card.getByRole('textbox', { name: 'Current password' });
    const fresh = card.getByRole('textbox', { name: 'New password', exact: true });
    const repeat = card.getByRole('textbox', { name: 'Repeat the new password' });
    const submit = card.getByRole('button', { name: 'Change password' });
    // No field has a placeholder: the repeat's alone had one, cut off beside its Show button.
    for (const field of [current, fresh, repeat])
      await expect(field).not.toHaveAttribute('placeholder');

    await submit.click();
    await expect(card.getByText('Enter a password', { exact: true }).first()).toBeVisible();

    await current.fill('not-my-password');
    await fresh.fill('peonies-in-june');
    await repeat.fill('peonies-in-july');
    await submit.click();
    await expect(card.getByText("Password doesn't match")).toBeVisible();

    await repeat.fill('peonies-in-june');
    await submit.click();
    await expect(card.getByText('Your current password is not right.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(NEW_PASSWORD);
    await submit.click();
    await expect(toast(page, 'Password changed successfully')).toBeVisible();
    await expect(current).toHaveValue('');

    // The other device is told over its event stream, without a reload or a tap of its own:
    // its next call is refused and it is logged out to /shopping/home. Checked first, while
    // its toast (6 s) is still up.
    await expect(otherPage).toHaveURL(/\/shopping\/home(\?.*)?$/);
    await expect(
      otherPage.getByRole('banner').getByRole('button', { name: 'Log in' }),
    ).toBeVisible();
    await expect(toast(otherPage, 'Your session has expired. Please log in again.')).toBeVisible();
    await other.close();

    // This device stays signed in, with a fresh token, after a reload too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Users of your company' })).toBeVisible();

    // The new password logs in; the old one does not.
    expect(await apiLogIn(request, email, 'peonies-in-june')).toBeTruthy();
    await expect(apiLogIn(request, email, NEW_PASSWORD)).rejects.toThrow();
  });

  test('moving one’s own sign-in email asks the current password, tells the old address and signs the other device out', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('mover');
    const here = await apiSignUp(request, email);
    const elsewhere = await apiLogIn(request, email, NEW_PASSWORD);
    await openSignedIn(page, request, here, '/shopping/home/account');
    const card = page.getByRole('region', { name: 'Users of your company' });
    await card.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    const password = edit.getByRole('textbox', { name: 'Current password' });
    const save = edit.getByRole('button', { name: 'Save user' });
    // Asked only once the email is changed.
    await expect(password).toHaveCount(0);
    const moved = uniqueEmail('moved');
    await edit.getByRole('textbox', { name: 'Sign-in email' }).fill(moved);
    await expect(password).toBeVisible();
    await expect(
      edit.getByText('Changing your sign-in email signs you out on your other devices.'),
    ).toBeVisible();

    await save.click();
    await expect(
      edit.getByText('Please enter your current password to change your sign-in email.'),
    ).toBeVisible();
    await password.fill('not-my-password');
    await save.click();
    await expect(edit.getByText('Your current password is not right.')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(await apiLogIn(request, email, NEW_PASSWORD)).toBeTruthy();

    await password.fill(NEW_PASSWORD);
    await save.click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Your other devices were signed out.')).toBeVisible();
    await expect(card.getByText(moved)).toBeVisible();

    // This device stays signed in under the new email, after a reload too; the other does not.
    await page.reload();
    await expect(page.getByText(`Signed in as ${moved}`)).toBeVisible();
    const other = await request.get('/api/security/validate', { params: { token: elsewhere } });
    expect(validateAnswerSchema.parse(await other.json()).user).toBeNull();
    await expect
      .poll(async () => (await mailsTo(request, email)).map((mail) => mail.kind))
      .toContain('email_changed');
    expect(await apiLogIn(request, moved, NEW_PASSWORD)).toBeTruthy();
  });

  test('refer a friend: validation, then the friend is mailed a link with the referral code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('referrer');
    const token = await apiSignUp(request, email);
    await openSignedIn(page, request, token, '/shopping/home/account');
    const card = page.getByRole('region', { name: 'Refer a friend' });
    await expect(card.getByText(/15% off their first order/)).toBeVisible();
    const friendField = card.getByRole('textbox', { name: "Your friend's email" });
    const send = card.getByRole('button', { name: 'Send invitation' });

    await friendField.fill('rosa');
    await send.click();
    await expect(card.getByText('Please fill a valid email address.')).toBeVisible();
    await friendField.fill('rosa @diazflowers.co');
    await send.click();
    await expect(
      card.getByText('Please take out the space from your email and try again.'),
    ).toBeVisible();

    const friend = uniqueEmail('friend');
    await friendField.fill(friend);
    await friendField.press('Enter');
    await expect(
      toast(page, 'Invitation sent to 1 friend. They get 15% off their first order.'),
    ).toBeVisible();
    await expect(card.getByRole('status')).toHaveText(`Invitation sent to ${friend}.`);
    await expect(friendField).toHaveValue('');

    await expect
      .poll(async () => (await mailsTo(request, friend)).find((mail) => mail.kind === 'referral'))
      .toBeTruthy();
    const mail = (await mailsTo(request, friend)).find((entry) => entry.kind === 'referral');
    expect(mail?.links[0]).toMatch(/\/shopping\/home\?referral_code=[A-Z0-9]+/);

    // The same friend again the same day gets no second mail, and the card says why.
    await friendField.fill(friend);
    await friendField.press('Enter');
    await expect(
      card.getByText(`Not sent again to ${friend}: invited today already.`),
    ).toBeVisible();
    expect(
      (await mailsTo(request, friend)).filter((entry) => entry.kind === 'referral'),
    ).toHaveLength(1);

    // Offline, the card says plainly that it needs the network.
    await page.context().setOffline(true);
    await expect(
      card.getByText(
        'You are offline. Account settings need a connection; please try again when you are back online.',
      ),
    ).toBeVisible();
    await expect(send).toBeDisabled();
    await page.context().setOffline(false);
    await expect(send).toBeEnabled();
  });

  test('users of the company: list, add with validation, edit and deactivate', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('owner');
    const token = await apiSignUp(request, email);
    await openSignedIn(page, request, token, '/shopping/home/account');
    const card = page.getByRole('region', { name: 'Users of your company' });
    const list = card.getByRole('list', { name: 'Users' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Main user')).toBeVisible();
    await expect(list.getByText(email)).toBeVisible();

    await card.getByRole('button', { name: 'Add user' }).click();
    const add = page.getByRole('dialog', { name: 'Add a user' });
    await add.getByRole('button', { name: 'Add user' }).click();
    // Focus on the first field to fix, which reads out its error (audit 81, 5).
    await expect(add.getByRole('textbox', { name: 'First Name' })).toBeFocused();
    await expect(add.getByText('Enter First Name')).toBeVisible();
    await expect(add.getByText('Enter Last Name')).toBeVisible();
    await expect(add.getByText('Enter Email Address')).toBeVisible();

    const colleague = uniqueEmail('colleague');
    await add.getByRole('textbox', { name: 'First Name' }).fill('Leo');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Diaz');
    await add.getByRole('textbox', { name: 'Email' }).fill(colleague);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill('carnations-22');
    await add.getByRole('textbox', { name: 'Repeat password' }).fill('carnations-22');
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'User added')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const row = list.getByRole('listitem').filter({ hasText: colleague });
    await expect(row.getByText('Leo Diaz')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    // The added user logs in to the same company.
    expect(await apiLogIn(request, colleague, 'carnations-22')).toBeTruthy();

    // A taken email is refused inline.
    await card.getByRole('button', { name: 'Add user' }).click();
    await add.getByRole('textbox', { name: 'First Name' }).fill('Ana');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Diaz');
    await add.getByRole('textbox', { name: 'Email' }).fill(colleague);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill('carnations-22');
    await add.getByRole('textbox', { name: 'Repeat password' }).fill('carnations-22');
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(add.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();

    // Edit: rename and deactivate; the florist sees no staff-only settings.
    await row.getByRole('button', { name: `Edit ${colleague}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect(edit.getByText('Sales settings (staff only)')).toHaveCount(0);
    await edit.getByRole('textbox', { name: 'First Name' }).fill('Leonardo');
    await edit.getByText('Active (can log in)').click();
    await expect(edit.getByRole('checkbox', { name: 'Active (can log in)' })).not.toBeChecked();
    await edit.getByRole('button', { name: 'Save user' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'User updated')).toBeVisible();
    await expect(row.getByText('Leonardo Diaz')).toBeVisible();
    await expect(row.getByText('Inactive')).toBeVisible();
    await expect(apiLogIn(request, colleague, 'carnations-22')).rejects.toThrow();

    // The main user cannot deactivate itself.
    const own = list.getByRole('listitem').filter({ hasText: email });
    await own.getByRole('button', { name: `Edit ${email}` }).click();
    await expect(edit.getByRole('checkbox', { name: 'Active (can log in)' })).toBeDisabled();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // After a reload the list comes from the server again.
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(
      list.getByRole('listitem').filter({ hasText: colleague }).getByText('Inactive'),
    ).toBeVisible();

    // A 360px phone shows the whole area without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await page.screenshot({ path: test.info().outputPath('account-360.png'), fullPage: true });

    // Offline, the list says it needs the network.
    await page.context().setOffline(true);
    await expect(card.getByText('Users need a connection')).toBeVisible();
    await page.context().setOffline(false);
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });

  test('sign-up asks the optional expense band and how the visitor heard of us', async ({
    page,
  }) => {
    const email = uniqueEmail('questions');
    await skipWelcome(page);
    await page.goto('/shopping/home');
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    await continueWithEmail(page, email);
    await expect(page).toHaveURL(/\/shopping\/create-account$/);
    const form = page.getByRole('region', { name: 'Create your account' });
    const field = (label: string) => form.getByRole('textbox', { name: label, exact: true });

    await field('First Name').fill('Rosa');
    await field('Last Name').fill('Diaz');
    await field('Company Name').fill('Diaz Flowers');
    await chooseOption(page, 'Business Type', 'Florist');
    await chooseOption(page, 'What kind of shop do you have?', 'Studio');
    const expenses = 'How much do you spend on flowers a month? (optional)';
    const heard = 'How did you hear about us? (optional)';
    await form.getByRole('button', { name: new RegExp(`${escapeRegExp(expenses)}$`) }).click();
    for (const band of ['Over $1000', '$500-999', '$100-499', 'Under $100']) {
      await expect(page.getByRole('option', { name: band, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: '$500-999', exact: true }).click();
    await form.getByRole('button', { name: new RegExp(`${escapeRegExp(heard)}$`) }).click();
    for (const source of ['Social networks', 'E-mail', 'Other']) {
      await expect(page.getByRole('option', { name: source, exact: true })).toBeVisible();
    }
    await page.getByRole('option', { name: 'Social networks', exact: true }).click();
    await field('Resale Number/BIN/EIN/Tax ID').fill('EIN-12-3456789');
    await field('Zip Code').fill('07030');
    await field('Phone Number').fill('2015550123');
    await field('Password').fill(NEW_PASSWORD);
    await field('Repeat password').fill(NEW_PASSWORD);
    await page.getByText(/I accept the terms/).click();

    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/customer/sign_up') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Continue to see prices' }).click();
    const payload = (await sent).postDataJSON() as Record<string, unknown>;
    expect(payload).toMatchObject({ expenses: '500_999', heard_from: 'social_networks' });
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
