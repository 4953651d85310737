import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  accountMessages,
  boxesOffered,
  guestMessages,
  sendReferralAnswerSchema,
} from '@stemline/shared';
import { apiCart, apiCatalog } from './support/api';
import { catalogDate, openCart } from './support/app';
import { closeProductDetail, offerRow } from './support/catalog';
import {
  apiLogIn,
  apiRun,
  apiSignUp,
  chooseOption,
  loginDialog,
  NEW_PASSWORD,
  uniqueEmail,
  waitForLink,
} from './support/accounts';

const welcome = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Stemline' });

async function seePricesAsGuest(page: Page, email: string): Promise<void> {
  await page.goto('/shopping/home');
  await welcome(page).getByRole('textbox', { name: 'Work Email' }).fill(email);
  await welcome(page).getByRole('button', { name: 'See prices' }).click();
  await expect(welcome(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function favourites(request: APIRequestContext, token: string): Promise<unknown[]> {
  const response = await request.post('/api/favorites', {
    headers: { Authorization: `Bearer ${token}` },
    data: { action: 'LIST' },
  });
  return ((await response.json()) as { results: unknown[] }).results;
}

const pageToken = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');

test.describe('guests', () => {
  test('the welcome modal checks the email and offers log-in for one that has an account', async ({
    page,
  }) => {
    await page.goto('/shopping/home');
    const modal = welcome(page);
    await expect(modal).toBeVisible();
    const email = modal.getByRole('textbox', { name: 'Work Email' });
    await email.fill('rosa@mailinator.com');
    await email.press('Enter');
    await expect(modal.getByText("Sorry, your email doesn't seem right.")).toBeVisible();

    await email.fill('florist@stemline.test');
    await email.press('Enter');
    await expect(
      modal.getByText(/This email address already belongs to an account\. Please/),
    ).toBeVisible();
    await modal.getByRole('link', { name: 'click here' }).click();
    const login = loginDialog(page);
    await expect(login.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
    await expect(login.getByRole('textbox', { name: 'Work Email' })).toHaveValue(
      'florist@stemline.test',
    );

    // Shown once per device: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(welcome(page)).toBeHidden();
  });

  test('an email alone shows prices and a new cart; the mailed link unlocks the rest, then the guest upgrades keeping cart and favourites', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('guest');
    await seePricesAsGuest(page, email);
    await expect(page.locator('#root .price-figures__unit-price').first()).toBeVisible();
    const banner = page.getByRole('complementary', { name: 'Guest account' });
    // An email proves nothing: the banner says why, and offers the mail instead of the upgrade.
    await expect(banner).toContainText('Confirm your email.');
    await expect(banner).toContainText(email);
    await expect(banner.getByRole('link', { name: 'Create your account' })).toHaveCount(0);

    // A new cart is fine. By keyboard, as a keyboard user would.
    await page
      .getByRole('button', { name: /^Add .* to cart$/ })
      .first()
      .press('Enter');
    // In the cart first (the outbox holds it), then sent: 'not pending' alone also holds in the
    // moment before the add is queued, and a page left then never queued it.
    await expect(page.getByRole('button', { name: 'Cart, 1 box', exact: true })).toBeVisible();
    await expect(page.getByTestId('sync-status')).not.toContainText('pending');

    // Checkout says why it cannot order yet; the upgrade page too.
    await page.goto('/checkout');
    await expect(
      page.getByText('Please confirm your email to place your order: open the link we sent you.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await page.goto('/shopping/create-account');
    const proof = page.getByRole('region', { name: 'Confirm your email' });
    await expect(proof).toContainText(email);

    // One tap mails the link; opening it on this device proves the mailbox.
    await proof.getByRole('button', { name: 'Email me the link' }).click();
    await expect(
      page.locator('.sl-toast').filter({ hasText: `We sent the link to ${email}.` }),
    ).toBeVisible();
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    await page.goto(link.pathname + link.search);
    await expect(page.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(banner).toContainText('You can order as a guest');
    const guestToken = await pageToken(page);
    await expect.poll(async () => (await apiCart(request, guestToken)).length).toBe(1);

    // A confirmed guest orders only with a delivery address it chose (none yet).
    await page.goto('/checkout');
    await expect(
      page.getByText('Please choose a delivery address to place your order.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();

    await page.goto('/shopping/home');
    await page
      .getByRole('button', { name: /^Favourite / })
      .first()
      .press('Enter');
    await expect.poll(async () => (await favourites(request, guestToken)).length).toBe(1);

    await banner.getByRole('link', { name: 'Create your account' }).click();
    const form = page.getByRole('region', { name: 'Create your account' });
    await expect(form.getByRole('textbox', { name: 'Work Email' })).toHaveValue(email);
    const text = (label: string) => form.getByRole('textbox', { name: label, exact: true });
    await text('First Name').fill('Gina');
    await text('Last Name').fill('Guest');
    await text('Company Name').fill('Gina Events');
    await chooseOption(form, 'Business Type', 'Wedding & event floral designer');
    await chooseOption(form, 'How many events do you do a year?', '10-24');
    await text('Resale Number/BIN/EIN/Tax ID').fill('TX-99');
    await text('Zip Code').fill('10001');
    await text('Phone Number').fill('2125550188');
    await text('Password').fill(NEW_PASSWORD);
    await text('Repeat password').fill(NEW_PASSWORD);
    await form.getByText(/I accept the terms/).click();
    await form.getByRole('button', { name: 'Continue to see prices' }).click();

    await expect(page).toHaveURL(/\/shopping\/home/);
    await expect(banner).toBeHidden();
    const token = await apiLogIn(request, email, NEW_PASSWORD);
    const validate = await request.get('/api/security/validate', { params: { token } });
    const guestCustomer = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('stemline.user') ?? '{}') as {
            metadata?: { customer?: string };
          }
        ).metadata?.customer,
    );
    expect(await validate.json()).toMatchObject({
      user: { metadata: { guest: false, customer: guestCustomer, customer_name: 'Gina Events' } },
    });
    expect((await apiCart(request, token)).length).toBe(1);
    expect(await favourites(request, token)).toHaveLength(1);
  });

  test("a guest's regular line is held 30 minutes until the email is confirmed, and the link lifts the hold", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('held');
    await seePricesAsGuest(page, email);
    const date = await catalogDate(page);
    const catalog = await apiCatalog(request, await pageToken(page), date);
    const offer = catalog.offers.find((o) => !o.open_market && boxesOffered(o) >= 2);
    const variety = catalog.varieties.find((v) => v.key === offer?.variety_key);
    if (!offer || !variety) throw new Error('no regular offer in the seed');
    await page.goto(`/shopping/home?date=${date}&search=${encodeURIComponent(variety.name)}`);
    const row = await offerRow(page, variety.name, offer.inventory_key);
    await row.getByRole('button', { name: /^Add .* to cart$/ }).click();
    await closeProductDetail(page, variety.name);
    await expect(page.getByTestId('sync-status')).not.toContainText('pending');

    // Anyone can type an email: until it is confirmed, the line is held as open-market ones are.
    let cart = await openCart(page);
    await expect(cart.getByText(guestMessages.heldUntilConfirmed)).toBeVisible();
    await expect(cart.getByText(/^Held for (29|30):\d\d$/)).toBeVisible();
    await expect(cart).not.toContainText('Open market');

    const link = new URL(await waitForLink(request, email, 'email_verification'));
    await page.goto(link.pathname + link.search);
    await expect(page.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
    cart = await openCart(page);
    await expect(cart.getByText(variety.name)).toBeVisible();
    await expect(cart.getByText(guestMessages.heldUntilConfirmed)).toHaveCount(0);
    await expect(cart.getByText(/^Held for/)).toHaveCount(0);
  });

  test('a referral link with a code no one has still shows an email alone the prices, saying the code was dropped', async ({
    page,
  }) => {
    // The link is welcomed, and keeps its code for the sign-up; no friend is named for it.
    await page.goto('/shopping/home?referral_code=NOSUCHCODE');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('stemline.referral_code')))
      .toBe('NOSUCHCODE');
    await welcome(page).getByRole('textbox', { name: 'Work Email' }).fill(uniqueEmail('guest'));
    await expect(welcome(page).getByText(/referred you/)).toHaveCount(0);
    await welcome(page).getByRole('button', { name: 'See prices' }).click();
    await expect(
      page.locator('.sl-toast').filter({ hasText: accountMessages.referralDroppedForPrices }),
    ).toBeVisible();
    await expect(page.locator('#root .price-figures__unit-price').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('stemline.referral_code'))).toBeNull();
  });

  test("audit 24.6: a friend's referral link with ?email= welcomes with the email typed in, the friend and the 15% off; See prices carries the code", async ({
    page,
    request,
  }) => {
    const referrer = await apiSignUp(request, uniqueEmail('referrer'), {
      company_name: 'Peony Point',
    });
    const friend = uniqueEmail('friend');
    const sent = await apiRun(request, referrer, 'send_referral', { emails: [friend] });
    const code = sendReferralAnswerSchema.parse(await sent.json()).referral_code;
    await page.goto(`/shopping/home?referral_code=${code}&email=${encodeURIComponent(friend)}`);
    await expect(
      welcome(page)
        .getByRole('status')
        .filter({ hasText: 'Peony Point referred you: your first order is 15% off.' }),
    ).toBeVisible();
    const field = welcome(page).getByRole('textbox', { name: 'Work Email' });
    await expect(field).toHaveValue(friend);
    const guestSignIn = page.waitForRequest(
      (request) =>
        request.url().includes('/api/cs/run') &&
        (request.postDataJSON() as { key?: string } | null)?.key === 'guest_sign_in',
    );
    await welcome(page).getByRole('button', { name: 'See prices' }).click();
    expect((await guestSignIn).postDataJSON()).toMatchObject({
      params: { email: friend, referral: code },
    });
    await expect(welcome(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the email-verification link logs a guest in on another device: Login successful', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('verify');
    await seePricesAsGuest(page, email);
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    expect(link.searchParams.get('utm_source')).toBe('email_verification_signed');

    const other = await browser.newContext();
    const tablet = await other.newPage();
    await tablet.goto(link.pathname + link.search);
    await expect(tablet.locator('.sl-toast').filter({ hasText: 'Login successful' })).toBeVisible();
    await expect(tablet.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(tablet).not.toHaveURL(/utm_source/);
    const user = await tablet.evaluate(
      () =>
        JSON.parse(localStorage.getItem('stemline.user') ?? '{}') as {
          email?: string;
          metadata?: { preferences?: string };
        },
    );
    expect(user.email).toBe(email);
    expect(JSON.parse(user.metadata?.preferences ?? '{}')).toMatchObject({ email_verified: true });
    await other.close();
  });

  test('a verification link for a new email creates the account: Created Account Successfully', async ({
    page,
    request,
  }) => {
    const hunter = await apiLogIn(request, 'hunter@stemline.test', 'stemline-demo');
    const email = uniqueEmail('prospect');
    const sent = await apiRun(request, hunter, 'send_email_verification', {
      email,
      company_name: 'Fern & Co',
      first_name: 'Ana',
      last_name: 'Fern',
      zipcode: '10001',
      business: 'florist',
      storefront_type: 'studio',
    });
    expect(sent.ok()).toBe(true);
    const link = new URL(await waitForLink(request, email, 'email_verification'));
    await page.goto(link.pathname + link.search);
    await expect(
      page.locator('.sl-toast').filter({ hasText: 'Created Account Successfully' }),
    ).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Guest account' })).toContainText(email);

    // A tampered link is refused and signs nobody in.
    const context = await page.context().browser()?.newContext();
    const other = await context?.newPage();
    if (!other || !context) throw new Error('no second context');
    link.searchParams.set('company_name', 'Evil Inc');
    link.searchParams.set('email', uniqueEmail('victim'));
    await other.goto(link.pathname + link.search);
    await expect(
      other
        .locator('.sl-toast')
        .filter({ hasText: 'This verification link is not valid or has expired.' }),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: 'Log out' })).toBeHidden();
    await context.close();
  });

  test("a friend's referral link gives 15% off the first order, recorded on the new account", async ({
    page,
    request,
  }) => {
    const referrer = await apiSignUp(request, uniqueEmail('referrer'));
    const friend = uniqueEmail('friend');
    const sent = await apiRun(request, referrer, 'send_referral', { emails: [friend] });
    expect(sent.ok()).toBe(true);
    const link = new URL(await waitForLink(request, friend, 'referral'));
    await page.goto(link.pathname + link.search);
    // The link's welcome names the friend and the discount (audit 24.6); its Log in signs up.
    await expect(
      welcome(page).getByText('Peony Place referred you: your first order is 15% off.'),
    ).toBeVisible();
    await welcome(page).getByRole('button', { name: 'Log in' }).click();
    const login = loginDialog(page);
    await login.getByRole('textbox', { name: 'Work Email' }).fill(friend);
    await login.getByRole('button', { name: 'Continue' }).click();
    // The page checked the code: it names the referring company (apiSignUp's).
    await expect(
      page.getByText('Peony Place referred you: your first order is 15% off.'),
    ).toBeVisible();
    const form = page.getByRole('region', { name: 'Create your account' });
    const text = (label: string) => form.getByRole('textbox', { name: label, exact: true });
    await text('First Name').fill('Fay');
    await text('Last Name').fill('Friend');
    await text('Company Name').fill('Friendly Florals');
    await chooseOption(form, 'Business Type', 'Other');
    await chooseOption(form, 'Which business?', 'Hotel');
    await text('Resale Number/BIN/EIN/Tax ID').fill('TX-12');
    await text('Zip Code').fill('10001');
    await text('Phone Number').fill('2125550111');
    await text('Password').fill(NEW_PASSWORD);
    await text('Repeat password').fill(NEW_PASSWORD);
    await form.getByText(/I accept the terms/).click();
    await form.getByRole('button', { name: 'Continue to see prices' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    const token = await pageToken(page);
    const found = await request.post('/api/customer/find_referral', {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(await found.json()).toMatchObject({
      success: true,
      results: { referral: { discount: 0.15, first_order_only: true, used: false } },
    });
  });
});
