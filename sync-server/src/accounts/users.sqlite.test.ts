import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, loginAnswerSchema, userListAnswerSchema } from '@stemline/shared';
import { logInWith, mailsTo, run, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('users of a customer, staff tools and referrals', { timeout: 30_000 }, () => {
  let t: TestServer;
  let owner = '';
  let ownerCustomer = '';
  let staff = '';
  beforeAll(async () => {
    t = await startTestServer();
    const answer = loginAnswerSchema.parse((await signUp(t, uniqueEmail('owner'))).body);
    owner = answer.token ?? '';
    ownerCustomer = answer.user?.metadata.customer ?? '';
    staff = await t.login('hunter@stemline.test');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('the main user adds a user, who logs in to the same customer and is listed', async () => {
    const email = uniqueEmail('colleague');
    const added = await run(
      t,
      'add_user',
      { email, first_name: 'Leo', last_name: 'Diaz', password: 'carnations-22' },
      owner,
    );
    expect(added.body).toMatchObject({ success: true, user: { email, customer: ownerCustomer } });
    const login = loginAnswerSchema.parse((await logInWith(t, email, 'carnations-22')).body);
    expect(login.user?.metadata.customer).toBe(ownerCustomer);
    const list = userListAnswerSchema.parse(
      (await run(t, 'list_user', {}, login.token ?? '')).body,
    );
    expect(list.results.map((user) => user.email)).toContain(email);

    const notMain = await run(
      t,
      'add_user',
      { email: uniqueEmail(), first_name: 'A', last_name: 'B', password: 'carnations-22' },
      login.token ?? '',
    );
    expect(notMain.status).toBe(403);
  });

  it("a company's sole user is its main user and may add users, demo companies included", async () => {
    const florist = loginAnswerSchema.parse(
      (await logInWith(t, 'florist@stemline.test', 'stemline-demo')).body,
    );
    expect(florist.user?.metadata.main_user_key).toBe(florist.user?.key);
    const sole = loginAnswerSchema.parse(
      (await logInWith(t, 'newbuyer@stemline.test', 'stemline-demo')).body,
    );
    expect(sole.user?.metadata.main_user_key).toBe(sole.user?.key);
    const added = await run(
      t,
      'add_user',
      {
        email: uniqueEmail('helper'),
        first_name: 'Ada',
        last_name: 'Moss',
        password: 'tulips-2026',
      },
      sole.token ?? '',
    );
    expect(added.body).toMatchObject({ success: true });
  });

  it('refuses a taken, fake or staff email for a new user', async () => {
    const base = { first_name: 'A', last_name: 'B', password: 'carnations-22' };
    expect(
      (await run(t, 'add_user', { ...base, email: 'florist@stemline.test' }, owner)).status,
    ).toBe(409);
    expect((await run(t, 'add_user', { ...base, email: 'a@mailinator.com' }, owner)).status).toBe(
      400,
    );
    expect((await run(t, 'add_user', { ...base, email: 'a@stemline.com' }, owner)).status).toBe(
      403,
    );
  });

  it('update_user renames and deactivates a user of one’s own customer only', async () => {
    const email = uniqueEmail('leaving');
    const added = await run(
      t,
      'add_user',
      { email, first_name: 'Leo', last_name: 'Diaz', password: 'carnations-22' },
      owner,
    );
    const userKey = (added.body.user as { key: string }).key;
    const renamed = await run(t, 'update_user', { user_key: userKey, first_name: 'Leon' }, owner);
    expect(renamed.body).toMatchObject({ user: { first_name: 'Leon', active: true } });
    const florist = await t.login('florist@stemline.test');
    expect(
      (await run(t, 'update_user', { user_key: userKey, active: false }, florist)).status,
    ).toBe(403);
    await run(t, 'update_user', { user_key: userKey, active: false }, owner);
    expect((await logInWith(t, email, 'carnations-22')).status).toBe(403);
  });

  it('lists another customer’s users for staff, never for a florist', async () => {
    const list = await run(t, 'list_user', { customer: 'c-bennett' }, staff);
    expect(list.body).toMatchObject({ results: [{ key: 'u-florist' }] });
    expect((await run(t, 'list_user', { customer: 'c-bennett' }, owner)).status).toBe(403);
  });

  it('sales_update_user sets flags and the account manager (staff only)', async () => {
    const manager = await t.login('manager@stemline.test');
    const answer = await run(
      t,
      'sales_update_user',
      { user_key: 'u-grower', admin_redirect: false, account_manager: null },
      manager,
    );
    expect(answer.status).toBe(400);
    const flags = await run(
      t,
      'sales_update_user',
      { user_key: 'u-grower', admin_redirect: false },
      manager,
    );
    expect(flags.status).toBe(200);
    const grower = await t.login('grower@stemline.test');
    expect((await t.get(`/api/security/validate?token=${grower}`)).body).toMatchObject({
      user: { metadata: { admin_redirect: false } },
    });
    await run(t, 'sales_update_user', { user_key: 'u-grower', admin_redirect: true }, manager);
    const am = await run(
      t,
      'sales_update_user',
      { user_key: 'u-florist', account_manager: 'u-hunter' },
      manager,
    );
    expect(am.status).toBe(200);
    const florist = await t.login('florist@stemline.test');
    expect((await t.get(`/api/security/validate?token=${florist}`)).body).toMatchObject({
      user: { metadata: { account_manager: 'u-hunter' } },
    });
    expect(
      (await run(t, 'sales_update_user', { user_key: 'u-florist', active: false }, owner)).status,
    ).toBe(403);
  });

  it('list_user carries each user’s sales flags as sales_update_user left them', async () => {
    const manager = await t.login('manager@stemline.test');
    const email = uniqueEmail('flagged');
    const added = await run(
      t,
      'add_user',
      { email, first_name: 'Ana', last_name: 'Ruiz', password: 'carnations-22' },
      owner,
    );
    const userKey = (added.body.user as { key: string }).key;
    const flagsOf = async (token: string) => {
      const list = userListAnswerSchema.parse(
        (await run(t, 'list_user', { customer: ownerCustomer }, token)).body,
      );
      const user = list.results.find((entry) => entry.key === userKey);
      return { hunter: user?.hunter, admin_redirect: user?.admin_redirect };
    };
    expect(await flagsOf(manager)).toEqual({ hunter: false, admin_redirect: false });
    await run(t, 'sales_update_user', { user_key: userKey, hunter: true }, manager);
    expect(await flagsOf(manager)).toEqual({ hunter: true, admin_redirect: false });
    const both = await run(
      t,
      'sales_update_user',
      { user_key: userKey, hunter: false, admin_redirect: true },
      manager,
    );
    expect(both.body).toMatchObject({ user: { hunter: false, admin_redirect: true } });
    expect(await flagsOf(owner)).toEqual({ hunter: false, admin_redirect: true });
  });

  it('login_as_customer gives staff a session of the customer, marked as from a manager', async () => {
    const answer = await run(t, 'login_as_customer', { customer: 'c-bennett' }, staff);
    const body = loginAnswerSchema.parse(answer.body);
    expect(body.user).toMatchObject({ key: 'u-florist', metadata: { from_manager: true } });
    expect((await run(t, 'list_carts', {}, body.token ?? '')).status).toBe(200);
    expect((await run(t, 'login_as_customer', { customer: 'c-bennett' }, owner)).status).toBe(403);
    expect((await run(t, 'login_as_customer', { customer: 'c-nobody' }, staff)).status).toBe(404);
  });

  it('update_user_customer_email changes one’s own sign-in email; a taken one gets the spec message', async () => {
    const email = uniqueEmail('mover');
    const token = loginAnswerSchema.parse((await signUp(t, email)).body).token ?? '';
    const moved = uniqueEmail('moved');
    const answer = await run(
      t,
      'update_user_customer_email',
      { email: moved, current_password: 'tulips-in-spring' },
      token,
    );
    expect(answer.body).toMatchObject({ user: { email: moved } });
    expect((await logInWith(t, moved, 'tulips-in-spring')).status).toBe(200);
    // The move ended the old session; the answer's token carries on.
    const renewed = String(answer.body.token);
    const taken = await run(
      t,
      'update_user_customer_email',
      { email: 'florist@stemline.test', current_password: 'tulips-in-spring' },
      renewed,
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: accountMessages.emailTaken });
    const other = await run(
      t,
      'update_user_customer_email',
      { email: uniqueEmail(), user_key: 'u-florist' },
      renewed,
    );
    expect(other.status).toBe(403);
  });

  it.each([
    ['an admin manager', 'u-manager'],
    ['a grower', 'u-grower'],
  ])(
    'update_user_customer_email: a hunter cannot move the sign-in email of %s',
    async (_whose, userKey) => {
      const emailOf = async () =>
        (await t.sql.one<{ email: string }>('SELECT email FROM users WHERE key = ?', [userKey]))
          ?.email;
      const before = await emailOf();
      if (!before) throw new Error(`no user ${userKey}`);
      // With the address moved to one it reads, a password reset would hand it the account.
      const answer = await run(
        t,
        'update_user_customer_email',
        { email: uniqueEmail('takeover'), user_key: userKey },
        staff,
      );
      try {
        expect(answer.status).toBe(403);
        expect(await emailOf()).toBe(before);
      } finally {
        await t.sql.run('UPDATE users SET email = ? WHERE key = ?', [before, userKey]);
      }
    },
  );

  it('update_user_customer_email: an admin may move a customer user’s email', async () => {
    const email = uniqueEmail('moved-by-staff');
    const user = loginAnswerSchema.parse((await signUp(t, email)).body).user;
    const moved = uniqueEmail('moved-by-staff');
    const answer = await run(
      t,
      'update_user_customer_email',
      { email: moved, user_key: user?.key },
      await t.login('manager@stemline.test'),
    );
    expect(answer.body).toMatchObject({ user: { email: moved } });
  });

  it('hunter_new_contact_hs records a contact with its owner; hs_check_email reads it', async () => {
    const email = uniqueEmail('lead');
    const none = await run(t, 'hs_check_email', { email }, staff);
    expect(none.body).toEqual({ success: true, item: null });
    const made = await run(
      t,
      'hunter_new_contact_hs',
      { email, hunter: 'u-hunter', owner_id: 'u-manager' },
      staff,
    );
    expect(made.body).toMatchObject({
      success: true,
      item: { email, owner_id: 'u-manager', owner_name: 'Maya Cole', created_by: 'u-hunter' },
    });
    expect(
      (
        await run(
          t,
          'hunter_new_contact_hs',
          { email, hunter: 'u-hunter', owner_id: 'u-florist' },
          staff,
        )
      ).status,
    ).toBe(400);
    expect((await run(t, 'hs_check_email', { email }, owner)).status).toBe(403);
  });

  it('send_referral mails each friend once with the customer’s code; guests cannot refer', async () => {
    const friend = uniqueEmail('friend');
    const answer = await run(t, 'send_referral', { emails: [friend, friend] }, owner);
    expect(answer.body).toMatchObject({ success: true, sent: 1 });
    const code = String(answer.body.referral_code);
    const [mail] = await mailsTo(t, friend);
    expect(mail?.kind).toBe('referral');
    expect(mail?.text).toContain('15% off');
    expect(mail?.links[0]).toContain(`/shopping/home?referral_code=${code}`);
    const again = await run(t, 'send_referral', { emails: [uniqueEmail()] }, owner);
    expect(again.body).toMatchObject({ referral_code: code });
    const guest = await t.login('guest@stemline.test');
    expect((await run(t, 'send_referral', { emails: [uniqueEmail()] }, guest)).status).toBe(403);
    expect((await run(t, 'send_referral', { emails: [] }, owner)).status).toBe(400);
  });
});
