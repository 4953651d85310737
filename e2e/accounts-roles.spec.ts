import { expect, test, type Locator, type Page } from '@playwright/test';
import { accountMessages, loginAsMessages } from '@stemline/shared';
import { DEMO_PASSWORD } from './support/api';
import {
  apiCrmContact,
  apiLogIn,
  apiRun,
  chooseOption,
  continueWithEmail,
  NEW_PASSWORD,
  skipWelcome,
  uniqueEmail,
} from './support/accounts';

async function logIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const dialog = await continueWithEmail(page, email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

/** Fills every required field of the hunter sign-up modal, the rep's sign-in included. */
async function completeHunterForm(modal: Locator, email: string): Promise<void> {
  const text = (label: string) => modal.getByRole('textbox', { name: label, exact: true });
  await text('Your staff email').fill('hunter@stemline.test');
  await text('Your staff password').fill(DEMO_PASSWORD);
  await chooseOption(modal, 'Contact owner', 'Hank Reyes');
  await text('First Name').fill('Hugo');
  await text('Last Name').fill('Lane');
  await text('Company Name').fill('Lane Florals');
  await text('Email').fill(email);
  await text('Confirm email').fill(email);
  await text('Mobile phone').fill('(201) 555-0123');
  await text('Zip Code').fill('07030');
  await text('City').fill('Hoboken');
  await chooseOption(modal, 'State', 'New Jersey');
  await chooseOption(modal, 'Business Type', 'Other');
  await text('What is your business?').fill('Caterer');
  await chooseOption(modal, 'Events per year', 'Under 10');
  await chooseOption(modal, 'Storefront type', 'Studio');
  await text('Password').fill(NEW_PASSWORD);
  await text('Repeat password').fill(NEW_PASSWORD);
}

/** The customer-relationship calls (spec §7) the page makes from now on, key and params. */
function recordCrmCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/cs/run') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { key: string; params: unknown };
    if (body.key.startsWith('hs_') || body.key.startsWith('hunter_')) {
      calls.push(`${body.key} ${JSON.stringify(body.params)}`);
    }
  });
  return calls;
}

const accountDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((database) => database.name ?? '')
      .filter((name) => name.includes('acct')),
  );

test.describe('roles and sessions', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcome(page);
    await page.goto('/shopping/home');
  });

  test('a florist stays in the shopping app', async ({ page }) => {
    await logIn(page, 'florist@stemline.test');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page).toHaveURL(/\/shopping\/home/);
  });

  test('a log-in on a phone says so, and the customer keeps it with the app mode', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const answered = page.waitForResponse((response) =>
      response.url().includes('/api/security/login'),
    );
    await logIn(page, 'florist@stemline.test');
    const response = await answered;
    expect(new URL(response.url()).searchParams.get('client')).toBe('mobile');
    const body = (await response.json()) as { user: { metadata: { preferences: string } } };
    // Bennett Blooms has ordered before, so the app's mode rather than beta (spec §4, §9).
    expect(JSON.parse(body.user.metadata.preferences)).toMatchObject({
      last_login_client: 'mobile',
      last_login_app: 'app',
    });
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a grower with the admin-redirect flag goes to the grower price-comparison page', async ({
    page,
  }) => {
    await logIn(page, 'grower@stemline.test');
    await expect(page).toHaveURL(/\/admin\/grower\/price-comparison$/);
    await expect(page.getByRole('heading', { name: 'Grower price comparison' })).toBeVisible();
    await expect(page.getByText(/external grower price-comparison page/)).toBeVisible();
  });

  test('a manager on the manager_admin allow list goes to the external admin app', async ({
    page,
  }) => {
    await logIn(page, 'manager@stemline.test');
    await expect(page).toHaveURL(/\/admin\/$/);
    await expect(page.getByRole('heading', { name: 'Stemline admin' })).toBeVisible();
  });

  test("a manager not on the allow list is told 'Please use the login as feature'", async ({
    page,
  }) => {
    await logIn(page, 'hunter@stemline.test');
    await expect(
      page.locator('.sl-toast').filter({ hasText: 'Please use the login as feature' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page).toHaveURL(/\/shopping\/home/);
  });

  test('a manager off the list and no hunter gets no session, and the same toast', async ({
    page,
    request,
  }) => {
    const manager = await apiLogIn(request, 'manager@stemline.test', DEMO_PASSWORD);
    const setHunter = async (hunter: boolean) => {
      const answer = await apiRun(request, manager, 'sales_update_user', {
        user_key: 'u-hunter',
        hunter,
      });
      expect(answer.ok()).toBe(true);
    };
    await setHunter(false);
    try {
      const login = page.waitForResponse((response) =>
        response.url().includes('/api/security/login'),
      );
      await logIn(page, 'hunter@stemline.test');
      const answer = await login;
      expect(answer.status()).toBe(403);
      expect(await answer.json()).toMatchObject({ token: null });
      await expect(
        page.locator('.sl-toast').filter({ hasText: 'Please use the login as feature' }),
      ).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await setHunter(true);
    }
  });

  test('staff log in as a customer through a login_as link, acting as that customer', async ({
    page,
    request,
  }) => {
    const staff = await apiLogIn(request, 'manager@stemline.test', DEMO_PASSWORD);
    const answer = await apiRun(request, staff, 'login_as_customer', { customer: 'c-park' });
    const { token } = (await answer.json()) as { token: string };
    await page.goto(`/login_as?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL(/\/shopping\/home/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // Spec §6: login-as sessions are skipped by local-storage syncing. The session lives in this
    // tab's sessionStorage; localStorage (shared with the staff's other tabs) holds none.
    const kept = await page.evaluate(() => ({
      tab: sessionStorage.getItem('stemline.tab_session') ?? '',
      token: localStorage.getItem('token'),
      user: localStorage.getItem('stemline.user'),
    }));
    expect(JSON.parse(kept.tab)).toMatchObject({
      token,
      user: { email: 'newbuyer@stemline.test', metadata: { from_manager: true } },
    });
    expect(kept.token).toBeNull();
    expect(kept.user).toBeNull();
    // Another tab of the same browser does not pick the login-as session up.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/shopping/home');
    await expect(
      otherTab.getByRole('banner').getByRole('button', { name: 'Log in' }),
    ).toBeVisible();
    await otherTab.close();
    // The login-as tab survives a reload (same tab, same sessionStorage).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // Acting as the customer, staff change none of its users nor its password (the server
    // refuses both): the account page offers neither, and says why of the users.
    await page.goto('/shopping/home/account');
    const users = page.getByRole('region', { name: 'Users of your company' });
    await expect(users.getByText(loginAsMessages.usersReadOnly)).toBeVisible();
    await expect(users.getByRole('listitem').first()).toBeVisible();
    await expect(users.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(users.getByRole('button', { name: 'Add user' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Password' })).toHaveCount(0);
  });

  test('a hunter signs a customer up with ?signup=hunter: contact owner, created_by_hunter', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('hunted');
    await page.goto('/shopping/home?signup=hunter');
    const modal = page.getByRole('dialog', { name: 'Sign up a customer' });
    await expect(modal).toBeVisible();
    // The FAQ is one of Stemline's own content pages (issue 26), readable offline.
    await expect(modal.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute(
      'href',
      '/cms/faq',
    );
    await expect(modal.getByText(/Need help\? Call/)).toBeVisible();
    const text = (label: string) => modal.getByRole('textbox', { name: label, exact: true });
    await text('First Name').fill('Hugo');
    await text('Last Name').fill('Lane');
    await text('Company Name').fill('Lane Florals');
    await text('Email').fill(email);
    await text('Confirm email').fill(`x${email}`);
    await text('Mobile phone').fill('555-0123');
    await text('Zip Code').fill('07030');
    await chooseOption(modal, 'Business Type', 'Other');
    await modal.getByRole('button', { name: 'Start shopping »' }).click();
    for (const message of [
      'Email does not match',
      'Please fill in the 10 digits of your mobile phone number.',
    ]) {
      await expect(modal.getByText(message)).toBeVisible();
    }
    // The rep's staff email, contact owner, city, state, events per year, storefront type,
    // others text; the rep's password and the customer's.
    await expect(modal.getByText('This field is required.')).toHaveCount(7);
    await expect(modal.getByText('Enter a password')).toHaveCount(2);

    // Only staff may name a contact owner (spec §6): the rep signs in for this sign-up.
    await completeHunterForm(modal, email);
    // The same optional questions as 'Create your account' (spec §1, §9); no store count for
    // a business other than a florist.
    await chooseOption(modal, 'How much do you spend on flowers a month? (optional)', '$100-499');
    await chooseOption(modal, 'How did you hear about us? (optional)', 'E-mail');
    await expect(modal.getByRole('button', { name: /How many stores/ })).toHaveCount(0);
    await chooseOption(modal, 'How many employees do you have? (optional)', '10+');
    await chooseOption(modal, 'When do you plan to place your first order? (optional)', 'Later');
    const crmCalls = recordCrmCalls(page);
    const sent = page.waitForRequest(
      (request) => request.url().endsWith('/api/customer/sign_up') && request.method() === 'POST',
    );
    const repSessionEnded = page.waitForRequest((request) =>
      request.url().endsWith('/api/security/logout'),
    );
    await modal.getByRole('button', { name: 'Start shopping »' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      signup_form: 'older',
      expenses: '100_499',
      heard_from: 'email',
      employee_count: '10_plus',
      first_order_timing: 'later',
    });
    expect((await sent).postDataJSON()).not.toHaveProperty('store_count');
    // Before the sign-up, with the rep's session: the email is looked up in the CRM (unknown),
    // then recorded as the rep's new contact with the chosen owner (spec §7).
    expect(crmCalls).toEqual([
      `hs_check_email ${JSON.stringify({ email })}`,
      `hunter_new_contact_hs ${JSON.stringify({ email, hunter: 'u-hunter', owner_id: 'u-hunter' })}`,
    ]);
    // The sign-up went with the rep's token, which is then ended, never kept on the device.
    const repToken = (await sent).headers().authorization;
    expect(repToken).toMatch(/^Bearer /);
    expect((await repSessionEnded).headers().authorization).toBe(repToken);
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    const hunter = await apiLogIn(request, 'hunter@stemline.test', DEMO_PASSWORD);
    const contact = await apiRun(request, hunter, 'hs_check_email', { email });
    expect(await contact.json()).toMatchObject({
      item: { email, owner_id: 'u-hunter', owner_name: 'Hank Reyes', created_by: 'u-hunter' },
    });
    const token = await apiLogIn(request, email, NEW_PASSWORD);
    const validate = await request.get('/api/security/validate', { params: { token } });
    const user = ((await validate.json()) as { user: { metadata: Record<string, unknown> } }).user;
    expect(JSON.parse(String(user.metadata.preferences))).toMatchObject({
      created_by_hunter: true,
    });
    expect(user.metadata).toMatchObject({
      customer_main_city: 'Hoboken',
      customer_main_state: 'NJ',
    });
  });

  test('a hunter sign-up of an email the CRM already holds offers its owner first', async ({
    page,
    request,
  }) => {
    const hunter = await apiLogIn(request, 'hunter@stemline.test', DEMO_PASSWORD);
    const email = await apiCrmContact(request, hunter, 'u-manager');
    await page.goto('/shopping/home?signup=hunter');
    const modal = page.getByRole('dialog', { name: 'Sign up a customer' });
    await completeHunterForm(modal, email);
    const crmCalls = recordCrmCalls(page);
    const start = modal.getByRole('button', { name: 'Start shopping »' });
    await start.click();
    await expect(
      modal.getByText(accountMessages.crmContactOwned('Maya Cole'), { exact: true }),
    ).toBeVisible();
    await expect(modal.getByRole('button', { name: /Contact owner$/ })).toContainText('Maya Cole');
    // Pressed again, it goes on with the owner now chosen; no second contact is recorded.
    await start.click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(crmCalls).toEqual([
      `hs_check_email ${JSON.stringify({ email })}`,
      `hs_check_email ${JSON.stringify({ email })}`,
    ]);
    const contact = await apiRun(request, hunter, 'hs_check_email', { email });
    expect(await contact.json()).toMatchObject({ item: { email, owner_id: 'u-manager' } });
  });

  test('an expired session logs out to /shopping/home, saying so', async ({ page }) => {
    await logIn(page, 'newbuyer@stemline.test');
    await page.getByRole('link', { name: 'Products', exact: true }).click();
    await expect(page).toHaveURL(/\/shopping\/products/);
    // The server ends the session (as when it expires); the app finds out on its next call,
    // here the sync engine's retry when the device comes back online.
    await page.evaluate(async () => {
      await fetch('/api/security/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      window.dispatchEvent(new Event('online'));
    });
    await expect(
      page
        .locator('.sl-toast')
        .filter({ hasText: 'Your session has expired. Please log in again.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shopping\/home/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test("logout clears local storage and deletes the account's local database", async ({ page }) => {
    await logIn(page, 'florist@stemline.test');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect.poll(() => accountDatabases(page)).not.toEqual([]);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() =>
          // What stays is the device's, not the account's: the visitor token and the note that
          // the public catalogue has a copy here (storage/catalog-cache-hint.ts); and the last
          // email used (spec §9), which prefills the next log-in (session-end-keeps.spec.ts).
          Object.keys(localStorage).filter(
            (key) => key !== 'stemline.public_token' && key !== 'stemline.catalogCached',
          ),
        ),
      )
      .toEqual(['last_email_used']);
    expect(await page.evaluate(() => localStorage.getItem('last_email_used'))).toBe(
      'florist@stemline.test',
    );
    await expect.poll(() => accountDatabases(page)).toEqual([]);
  });
});
