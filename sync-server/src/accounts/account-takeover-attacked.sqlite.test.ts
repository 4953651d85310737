import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, loginAnswerSchema, stemlineMessages } from '@stemline/shared';
import { logInWith, mailsTo, run, signUp, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const PASSWORD = 'tulips-in-spring';

/**
 * Taking over a customer's account through its sign-in (audit 37, finding 2): a sales rep (a
 * hunter: staff, not an admin), or any login-as session, moving a user's sign-in email to an
 * address it reads (a password reset then hands it the account) or adding a password user of its
 * own. Either would outlast the login-as session and the rep's time as staff. Only the user (with
 * its password), the customer's main user adding a user, or an admin may; the old address is told,
 * and the user's other sessions end.
 */
describe('taking over a customer account through its sign-in', { timeout: 60_000 }, () => {
  let t: TestServer;
  let hunter = '';
  let admin = '';

  beforeAll(async () => {
    t = await startTestServer();
    hunter = await t.login('hunter@stemline.test');
    admin = await t.login(accounts.manager);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** A fresh customer: its main user's email, key, customer and a session of it. */
  const victim = async () => {
    const email = uniqueEmail('victim');
    const answer = loginAnswerSchema.parse((await signUp(t, email, { password: PASSWORD })).body);
    return {
      email,
      token: answer.token ?? '',
      userKey: answer.user?.key ?? '',
      customer: answer.user?.metadata.customer ?? '',
    };
  };
  /** What a takeover changes: the customer's users and their emails, and its preferences. */
  const stateOf = async (customer: string) => ({
    users: await t.sql.all(
      'SELECT key, email, token_version FROM users WHERE customer_key = ? ORDER BY key',
      [customer],
    ),
    customer: await t.sql.all('SELECT preferences FROM customers WHERE key = ?', [customer]),
  });
  const newUser = (customer?: string) => ({
    email: uniqueEmail('rep-owned'),
    first_name: 'Rep',
    last_name: 'Owned',
    password: 'longpassword123!',
    ...(customer && { customer }),
  });

  describe('refused, and nothing changes', () => {
    it('a hunter’s login-as session moving the customer’s email, password or not', async () => {
      const target = await victim();
      const loginAs = await run(t, 'login_as_customer', { customer: target.customer }, hunter);
      const session = loginAnswerSchema.parse(loginAs.body).token ?? '';
      const before = await stateOf(target.customer);
      for (const params of [
        { email: uniqueEmail('rep') },
        { email: uniqueEmail('rep'), current_password: PASSWORD },
        { email: uniqueEmail('rep'), user_key: target.userKey },
      ]) {
        const answer = await run(t, 'update_user_customer_email', params, session);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ error: accountMessages.loginAsAccountRefusal });
      }
      expect(await stateOf(target.customer)).toEqual(before);
      expect(await mailsTo(t, target.email)).not.toContainEqual(
        expect.objectContaining({ kind: 'email_changed' }),
      );
    });

    it('a login-as session adding a password user, an admin’s included', async () => {
      const target = await victim();
      for (const staff of [hunter, admin]) {
        const loginAs = await run(t, 'login_as_customer', { customer: target.customer }, staff);
        const session = loginAnswerSchema.parse(loginAs.body).token ?? '';
        const before = await stateOf(target.customer);
        const answer = await run(t, 'add_user', newUser(), session);
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ error: accountMessages.loginAsAccountRefusal });
        expect(await stateOf(target.customer)).toEqual(before);
      }
    });

    it('a hunter moving a customer user’s email or adding a user to a customer', async () => {
      const target = await victim();
      const before = await stateOf(target.customer);
      const moved = await run(
        t,
        'update_user_customer_email',
        { email: uniqueEmail('rep'), user_key: target.userKey },
        hunter,
      );
      expect(moved.status).toBe(403);
      const added = await run(t, 'add_user', newUser(target.customer), hunter);
      expect(added.status).toBe(403);
      expect(added.body).toMatchObject({ error: stemlineMessages.forbidden });
      expect(await stateOf(target.customer)).toEqual(before);
    });

    it('a session moving its own email without the current password, or with a wrong one', async () => {
      const target = await victim();
      const before = await stateOf(target.customer);
      const missing = await run(
        t,
        'update_user_customer_email',
        { email: uniqueEmail('thief') },
        target.token,
      );
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ error: accountMessages.currentPasswordForEmail });
      const wrong = await run(
        t,
        'update_user_customer_email',
        { email: uniqueEmail('thief'), current_password: 'guessed-wrong' },
        target.token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: accountMessages.wrongCurrentPassword });
      expect(await stateOf(target.customer)).toEqual(before);
    });
  });

  it('lets a user move its own email with its password: the old address is told, other sessions end', async () => {
    const target = await victim();
    const otherDevice = loginAnswerSchema.parse(
      (await logInWith(t, target.email, PASSWORD)).body,
    ).token;
    await t.sql.run('UPDATE customers SET preferences = ? WHERE key = ?', [
      JSON.stringify({ email_verified: true }),
      target.customer,
    ]);
    const moved = uniqueEmail('moved');
    const answer = await run(
      t,
      'update_user_customer_email',
      { email: moved, current_password: PASSWORD },
      target.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, user: { email: moved } });

    // Every session signed before the move ends; the answer's fresh token is the caller's.
    expect((await run(t, 'list_user', {}, otherDevice ?? '')).status).toBe(401);
    expect((await run(t, 'list_user', {}, target.token)).status).toBe(401);
    expect((await run(t, 'list_user', {}, String(answer.body.token))).status).toBe(200);

    const mail = (await mailsTo(t, target.email)).find((entry) => entry.kind === 'email_changed');
    expect(mail?.text).toContain(moved);
    expect(mail?.text).not.toContain('by Stemline staff');
    const preferences = await t.sql.one<{ preferences: string }>(
      'SELECT preferences FROM customers WHERE key = ?',
      [target.customer],
    );
    expect(JSON.parse(preferences?.preferences ?? '{}')).toMatchObject({ email_verified: false });
    expect((await logInWith(t, moved, PASSWORD)).status).toBe(200);
    expect((await logInWith(t, target.email, PASSWORD)).status).not.toBe(200);
  });

  it('lets an admin move a customer user’s email and add a user; the user is told and signed out', async () => {
    const target = await victim();
    const moved = uniqueEmail('fixed-by-admin');
    const answer = await run(
      t,
      'update_user_customer_email',
      { email: moved, user_key: target.userKey },
      admin,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ user: { email: moved }, token: null });
    expect((await run(t, 'list_user', {}, target.token)).status).toBe(401);
    const mail = (await mailsTo(t, target.email)).find((entry) => entry.kind === 'email_changed');
    expect(mail?.text).toContain('by Stemline staff');

    const added = await run(t, 'add_user', newUser(target.customer), admin);
    expect(added.status).toBe(200);
  });
});
