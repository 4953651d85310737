import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestSignInAnswerSchema, loginAnswerSchema } from '@stemline/shared';
import { publicToken, run, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import {
  accounts,
  startTestServer,
  type ApiAnswer,
  type TestServer,
} from '../test-support/test-server';

/**
 * The account calls of spec §7 as an attacker would make them: a buyer, a guest (proven, or a
 * session made from an email alone), staff's login-as session of a customer (which acts as that
 * customer, never as staff) and a visitor's public token, each naming another customer's users
 * or a staff tool. Every one is refused and changes nothing.
 */
describe('account calls refused to callers that may not make them', { timeout: 30_000 }, () => {
  let t: TestServer;
  const callers: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestServer();
    callers['a buyer'] = await t.login(accounts.newbuyer);
    callers['a guest'] = await t.login(accounts.guest);
    const emailOnly = await run(
      t,
      'guest_sign_in',
      { email: uniqueEmail('guest'), reCaptchaToken: await solveCaptcha(t.url) },
      await publicToken(t),
    );
    callers['a guest’s email-only session'] =
      guestSignInAnswerSchema.parse(emailOnly.body).token ?? '';
    const staff = await t.login(accounts.manager);
    const loginAs = await run(t, 'login_as_customer', { customer: 'c-guest' }, staff);
    callers['a login-as session'] = loginAnswerSchema.parse(loginAs.body).token ?? '';
    callers['a visitor’s public token'] = await publicToken(t);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  /** What the calls below would change: Bennett's users and every user's email and flags. */
  const state = () =>
    t.sql.all('SELECT key, email, first_name, active, flags, customer_key FROM users ORDER BY key');

  const calls: [string, string, Record<string, unknown>][] = [
    ['list another customer’s users', 'list_user', { customer: 'c-bennett' }],
    [
      'add a user to another customer',
      'add_user',
      {
        customer: 'c-bennett',
        email: uniqueEmail('intruder'),
        first_name: 'Ivy',
        last_name: 'Cole',
        password: 'carnations-22',
      },
    ],
    [
      'rename and deactivate another customer’s user',
      'update_user',
      { user_key: 'u-florist', first_name: 'Mallory', active: false },
    ],
    [
      'move another user’s sign-in email',
      'update_user_customer_email',
      { user_key: 'u-florist', email: uniqueEmail('takeover') },
    ],
    ['act as another customer', 'login_as_customer', { customer: 'c-bennett' }],
    ['deactivate a user (sales)', 'sales_update_user', { user_key: 'u-florist', active: false }],
    ['make a user a hunter', 'sales_update_user', { user_key: 'u-manager', hunter: true }],
    ['list the guests', 'get_email_guest_list', {}],
    ['read a CRM contact', 'hs_check_email', { email: 'florist@stemline.test' }],
  ];

  const callerNames = [
    'a buyer',
    'a guest',
    'a guest’s email-only session',
    'a login-as session',
    'a visitor’s public token',
  ];
  const cases = callerNames.flatMap((caller) =>
    calls.map(([what, key, params]) => [caller, what, key, params] as const),
  );

  it.each(cases)('refuses %s to %s, and changes nothing', async (caller, _what, key, params) => {
    const before = await state();
    const answer = await run(t, key, params, callers[caller] ?? '');
    expect([401, 403]).toContain(answer.status);
    expect(answer.body).toMatchObject({ success: false });
    expect(answer.body).not.toHaveProperty('results');
    expect(answer.body).not.toHaveProperty('token');
    expect(await state()).toEqual(before);
  });

  /**
   * The other staff tools, over run and REST, with parameters of the right shape (a refusal
   * is never a 400 of the parameters): what they would change (a manager assigned, a farm blocked, a forced zip code, a CRM
   * contact, the fake-email list, an order's stage, a mail sent) stays as it was.
   */
  const staffTools: [string, (token: string) => Promise<ApiAnswer>][] = [
    [
      'record a CRM contact',
      (token) =>
        run(
          t,
          'hunter_new_contact_hs',
          { email: uniqueEmail('contact'), hunter: 'u-hunter', owner_id: 'u-hunter' },
          token,
        ),
    ],
    [
      'assign an account manager and mail the customer',
      (token) =>
        run(t, 'send_new_manager_email', { customer: 'c-bennett', manager: 'u-manager' }, token),
    ],
    [
      'block a farm for a customer',
      (token) =>
        run(
          t,
          'sales_change_customer_grower',
          { customer: 'c-bennett', grower: 'g-1', relation: 'blocked' },
          token,
        ),
    ],
    [
      'force a zip code',
      (token) =>
        t.post(
          '/api/customer/update_force_zipcode',
          { customer: 'c-bennett', zipcode: '99501', force: true },
          token,
        ),
    ],
    [
      'mail a template',
      (token) =>
        t.post(
          '/api/mail/sent_email_template',
          { template: 'welcome', customer: 'c-bennett' },
          token,
        ),
    ],
    ['read the analytics summary', (token) => t.get('/api/event/summary?days=7', token)],
    [
      'add a fake email domain',
      (token) =>
        t.post(
          '/api/add_model',
          { row_model: 'fake_email_domains', rows: [{ domain: 'bloom-shop.co' }] },
          token,
        ),
    ],
    [
      'mark an order shipped',
      (token) =>
        run(
          t,
          'order_ship',
          {
            customer: 'c-bennett',
            order_key: 'o-none',
            carrier: 'UPS',
            tracking_number: '1Z999',
          },
          token,
        ),
    ],
  ];
  const toolState = async () => ({
    users: await state(),
    customers: await t.sql.all(
      'SELECT key, account_manager, force_zipcode FROM customers ORDER BY key',
    ),
    growers: await t.sql.all('SELECT * FROM customer_growers ORDER BY 1, 2'),
    contacts: await t.sql.all('SELECT * FROM crm_contacts ORDER BY 1'),
    config: await t.sql.all('SELECT * FROM config_records ORDER BY 1, 2'),
    outbox: await t.sql.all('SELECT id FROM mail_outbox ORDER BY id'),
  });
  const toolCases = callerNames.flatMap((caller) =>
    staffTools.map(([what, call]) => [caller, what, call] as const),
  );

  it.each(toolCases)('refuses %s the staff tool to %s', async (caller, _what, call) => {
    const before = await toolState();
    const answer = await call(callers[caller] ?? '');
    expect([401, 403]).toContain(answer.status);
    expect(answer.body).toMatchObject({ success: false });
    expect(await toolState()).toEqual(before);
  });
});

/**
 * A visitor who knows a guest's email asks `get_email_guest` (public): the answer says it is a
 * guest's and nothing to act with. The user key it once answered is no credential either: with
 * a visitor's public token, or none, no call signs in as that user or reads its orders.
 */
describe('a guest’s email told to a stranger', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('answers that it is a guest’s, without the user key', async () => {
    const answer = await t.post('/api/customer/get_email_guest', { email: accounts.guest });
    expect(answer.body).toEqual({ success: true, results: { email: accounts.guest, guest: true } });
    expect(JSON.stringify(answer.body)).not.toContain('u-guest');
  });

  it('lets nobody act as the guest with its user key', async () => {
    const visitor = await publicToken(t);
    const query = (token: string) => new URLSearchParams({ token, user_key: 'u-guest' }).toString();
    expect((await t.get(`/api/security/validate?${query(visitor)}`)).status).toBe(401);
    expect(
      (await run(t, 'validate', { token: visitor, user_key: 'u-guest' }, visitor)).status,
    ).toBe(401);
    const lastOrder = await t.post(
      '/api/purchase/load_last_order',
      { user_key: 'u-guest' },
      visitor,
    );
    expect([401, 403]).toContain(lastOrder.status);
    const bare = await t.post('/api/purchase/load_last_order', { user_key: 'u-guest' });
    expect(bare.status).toBe(401);
  });
});
