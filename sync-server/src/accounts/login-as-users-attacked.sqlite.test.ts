import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema, loginAsMessages, userAnswerSchema } from '@stemline/shared';
import { logInWith, run, signUp, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * A sales rep acting as a customer (a login-as session, spec §6) renaming, deactivating or
 * reactivating the customer's users, or setting its password. Who may sign in to the account, and
 * under what name, is the customer's to decide, or staff's from a session of their own where the
 * change is theirs: so a login-as session, a hunter's or an admin's, is refused with 403 and the
 * login-as refusal, and nothing changes. A password of staff's choosing would outlast the session:
 * refused too. The customer's main user still changes its users.
 */
describe('a login-as session changing the customer’s users', { timeout: 60_000 }, () => {
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

  /** A fresh customer with its main user and one more user (one deactivated, if asked). */
  const company = async () => {
    const answer = loginAnswerSchema.parse((await signUp(t, uniqueEmail('owner'))).body);
    const owner = answer.token ?? '';
    const added = await run(
      t,
      'add_user',
      {
        email: uniqueEmail('colleague'),
        first_name: 'Leo',
        last_name: 'Park',
        password: 'longpassword123!',
      },
      owner,
    );
    const colleague = userAnswerSchema.parse(added.body).user.key;
    const retired = userAnswerSchema.parse(
      (
        await run(
          t,
          'add_user',
          {
            email: uniqueEmail('retired'),
            first_name: 'Ada',
            last_name: 'Old',
            password: 'longpassword123!',
          },
          owner,
        )
      ).body,
    ).user.key;
    expect((await run(t, 'update_user', { user_key: retired, active: false }, owner)).status).toBe(
      200,
    );
    return {
      owner,
      mainUser: answer.user?.key ?? '',
      customer: answer.user?.metadata.customer ?? '',
      colleague,
      retired,
    };
  };
  const usersOf = (customer: string) =>
    t.sql.all(
      'SELECT key, first_name, last_name, active, flags, token_version FROM users WHERE customer_key = ? ORDER BY key',
      [customer],
    );
  const loginAs = async (staff: string, customer: string) => {
    const answer = await run(t, 'login_as_customer', { customer }, staff);
    return loginAnswerSchema.parse(answer.body).token ?? '';
  };

  it.each([
    ['a hunter’s', () => hunter],
    ['an admin’s', () => admin],
  ])('refuses %s login-as session every change, and nothing changes', async (_who, staff) => {
    const target = await company();
    const session = await loginAs(staff(), target.customer);
    const before = await usersOf(target.customer);
    const tries: [string, string, Record<string, unknown>][] = [
      ['deactivate the main user', 'update_user', { user_key: target.mainUser, active: false }],
      ['deactivate another user', 'update_user', { user_key: target.colleague, active: false }],
      ['reactivate a retired user', 'update_user', { user_key: target.retired, active: true }],
      ['rename another user', 'update_user', { user_key: target.colleague, first_name: 'Rep' }],
      ['rename the main user', 'update_user', { user_key: target.mainUser, last_name: 'Rep' }],
      [
        'deactivate through sales',
        'sales_update_user',
        { user_key: target.colleague, active: false },
      ],
    ];
    for (const [what, key, params] of tries) {
      const answer = await run(t, key, params, session);
      expect(answer.status, what).toBe(403);
      expect(answer.body, what).toEqual({
        success: false,
        error: loginAsMessages.usersRefusal,
        code: 'forbidden',
      });
    }
    expect(await usersOf(target.customer)).toEqual(before);
    // The session itself is not ended by the refusals: it still works for the customer.
    expect((await run(t, 'list_user', {}, session)).status).toBe(200);
  });

  it('refuses a login-as session a password of its choosing, even given the current one', async () => {
    const email = uniqueEmail('owner');
    const answer = loginAnswerSchema.parse((await signUp(t, email)).body);
    const session = await loginAs(hunter, answer.user?.metadata.customer ?? '');
    const before = await usersOf(answer.user?.metadata.customer ?? '');
    const changed = await t.post(
      '/api/security/change_password',
      { current_password: 'tulips-in-spring', password: 'rep-knows-this-1' },
      session,
    );
    expect(changed.status).toBe(403);
    expect(changed.body).toMatchObject({ success: false, error: loginAsMessages.passwordRefusal });
    expect(await usersOf(answer.user?.metadata.customer ?? '')).toEqual(before);
    expect((await logInWith(t, email, 'rep-knows-this-1')).status).toBe(401);
    expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
  });

  it('lets the customer’s main user rename, deactivate and reactivate its users', async () => {
    const target = await company();
    const renamed = await run(
      t,
      'update_user',
      { user_key: target.colleague, first_name: 'Leon', active: false },
      target.owner,
    );
    expect(userAnswerSchema.parse(renamed.body).user).toMatchObject({
      first_name: 'Leon',
      active: false,
    });
    const back = await run(
      t,
      'update_user',
      { user_key: target.retired, active: true },
      target.owner,
    );
    expect(userAnswerSchema.parse(back.body).user.active).toBe(true);
  });

  it('lets an admin from their own session deactivate a customer’s user', async () => {
    const target = await company();
    const answer = await run(
      t,
      'sales_update_user',
      { user_key: target.colleague, active: false },
      admin,
    );
    expect(userAnswerSchema.parse(answer.body).user.active).toBe(false);
  });
});
