import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema, stemlineMessages, userAnswerSchema } from '@stemline/shared';
import { run, signUp, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * A sales rep (hunter) from its own session locking customers out (helper-79's audit of spec §6):
 * a rep signs customers up, picks their contact owner and acts for them through login-as; whether
 * an account may sign in at all, and where a grower's sign-in lands, is an admin's decision. So a
 * hunter's `sales_update_user` with `active` or `admin_redirect`, and its `update_user` with
 * `active`, are refused with 403 and change nothing; an admin's go through, and the hunter still
 * names a customer's contact owner and corrects a user's name.
 */
describe('a hunter deactivating or redirecting users', { timeout: 60_000 }, () => {
  let t: TestServer;
  let hunter = '';
  let admin = '';
  let hunterKey = '';

  beforeAll(async () => {
    t = await startTestServer();
    hunter = await t.login('hunter@stemline.test');
    admin = await t.login(accounts.manager);
    const row = await t.sql.one<{ key: string }>('SELECT key FROM users WHERE email = ?', [
      'hunter@stemline.test',
    ]);
    hunterKey = row?.key ?? '';
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** A fresh customer: its main user and one colleague. */
  const company = async () => {
    const answer = loginAnswerSchema.parse((await signUp(t, uniqueEmail('owner'))).body);
    const added = await run(
      t,
      'add_user',
      {
        email: uniqueEmail('colleague'),
        first_name: 'Leo',
        last_name: 'Park',
        password: 'longpassword123!',
      },
      answer.token ?? '',
    );
    return {
      mainUser: answer.user?.key ?? '',
      customer: answer.user?.metadata.customer ?? '',
      colleague: userAnswerSchema.parse(added.body).user.key,
    };
  };
  /** What a refusal must leave as it was; `active` as a boolean on either engine. */
  const userRow = async (key: string) => {
    const row = await t.sql.one<{ active: unknown; flags: unknown; first_name: string }>(
      'SELECT active, flags, token_version, first_name FROM users WHERE key = ?',
      [key],
    );
    return row && { ...row, active: Boolean(row.active) };
  };

  it.each([
    ['deactivates a main user (sales_update_user)', 'sales_update_user', 'main', { active: false }],
    [
      'deactivates a colleague (sales_update_user)',
      'sales_update_user',
      'colleague',
      { active: false },
    ],
    ['deactivates a colleague (update_user)', 'update_user', 'colleague', { active: false }],
    ['flips a grower’s admin redirect', 'sales_update_user', 'grower', { admin_redirect: true }],
  ] as const)('refuses a hunter that %s, and changes nothing', async (_name, call, who, change) => {
    const { mainUser, colleague } = await company();
    const userKey = who === 'main' ? mainUser : who === 'colleague' ? colleague : 'u-grower';
    const before = await userRow(userKey);
    const answer = await run(t, call, { user_key: userKey, ...change }, hunter);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: stemlineMessages.forbidden });
    expect(await userRow(userKey)).toEqual(before);
  });

  it('lets an admin deactivate and reactivate the same users', async () => {
    const { mainUser, colleague } = await company();
    for (const [call, key] of [
      ['sales_update_user', mainUser],
      ['update_user', colleague],
    ] as const) {
      expect((await run(t, call, { user_key: key, active: false }, admin)).status).toBe(200);
      expect(await userRow(key)).toMatchObject({ active: false });
      expect((await run(t, call, { user_key: key, active: true }, admin)).status).toBe(200);
    }
  });

  it('still lets a hunter name the contact owner and correct a user’s name', async () => {
    const { customer, colleague } = await company();
    const owner = await run(
      t,
      'sales_update_user',
      { user_key: colleague, account_manager: hunterKey },
      hunter,
    );
    expect(owner.status).toBe(200);
    const stored = await t.sql.one<{ account_manager: string | null }>(
      'SELECT account_manager FROM customers WHERE key = ?',
      [customer],
    );
    expect(stored?.account_manager).toBe(hunterKey);
    const renamed = await run(
      t,
      'update_user',
      { user_key: colleague, first_name: 'Leon' },
      hunter,
    );
    expect(renamed.status).toBe(200);
    expect(await userRow(colleague)).toMatchObject({ first_name: 'Leon', active: true });
  });
});
