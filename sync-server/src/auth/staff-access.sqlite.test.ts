import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  loginAnswerSchema,
  messages,
  roleDestination,
  stemlineMessages,
} from '@stemline/shared';
import { logInWith, run } from '../test-support/accounts';
import { startTestServer, type ApiAnswer, type TestServer } from '../test-support/test-server';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { hashPassword } from './passwords';
import { signToken } from './tokens';

/** A manager of our own: neither on the manager_admin allow list nor a hunter. */
const OFF_LIST = { key: 'u-olive', email: 'olive@stemline.test' } as const;

const setAllowList = (t: TestServer, users: string[], token: string) =>
  t.post(
    '/api/update_model',
    { row_model: 'manager_admin', rows: [{ _KEY: 'admin_app', name: 'Admin app', users }] },
    token,
  );

/**
 * Calls only staff may make, what an allowed manager gets back, and what each would do for an
 * intruder: act as a customer, deactivate one, make itself a hunter or put itself on the allow
 * list (both would make it staff), read the list and the guest list, record an order's stage.
 */
const staffCalls: [string, (t: TestServer, token: string) => Promise<ApiAnswer>, number][] = [
  [
    'login_as_customer',
    (t, token) => run(t, 'login_as_customer', { customer: 'c-bennett' }, token),
    200,
  ],
  [
    'sales_update_user (deactivating a florist)',
    (t, token) => run(t, 'sales_update_user', { user_key: 'u-newbuyer', active: false }, token),
    200,
  ],
  [
    'sales_update_user (making itself a hunter)',
    (t, token) => run(t, 'sales_update_user', { user_key: OFF_LIST.key, hunter: true }, token),
    200,
  ],
  [
    'hs_check_email',
    (t, token) => run(t, 'hs_check_email', { email: 'a@bloom-shop.co' }, token),
    200,
  ],
  ['get_email_guest_list', (t, token) => run(t, 'get_email_guest_list', {}, token), 200],
  [
    'order_confirm',
    (t, token) => run(t, 'order_confirm', { customer: 'c-bennett', order_key: 'o-none' }, token),
    404,
  ],
  [
    'load_all_by_model manager_admin',
    (t, token) => t.post('/api/load_all_by_model', { model: 'manager_admin' }, token),
    200,
  ],
  [
    'update_model manager_admin (putting itself on the list)',
    (t, token) => setAllowList(t, ['u-manager', OFF_LIST.key], token),
    200,
  ],
];

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('staff access and the manager_admin allow list (spec §6)', { timeout: 30_000 }, () => {
  let t: TestServer;
  let manager = '';
  /** A token as login signed it for any manager before the allow list was enforced. */
  let forged = '';
  beforeAll(async () => {
    t = await startTestServer();
    await t.sql.run(
      `INSERT INTO users (key, email, password_hash, first_name, last_name, role, created_at)
       VALUES (?, ?, ?, 'Olive', 'Grant', 'manager', 0)`,
      [OFF_LIST.key, OFF_LIST.email, await hashPassword(DEMO_PASSWORD)],
    );
    manager = await t.login('manager@stemline.test');
    forged = signToken(t.server.context.jwtSecret, {
      sub: OFF_LIST.key,
      customer: null,
      role: 'manager',
    });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const offListFlags = async () =>
    (await t.sql.one<{ flags: string }>('SELECT flags FROM users WHERE key = ?', [OFF_LIST.key]))
      ?.flags;

  describe('log-in', () => {
    it('gives a manager off the list no token, only the message the app shows', async () => {
      const answer = await logInWith(t, OFF_LIST.email, DEMO_PASSWORD);
      expect(answer.status).toBe(403);
      expect(loginAnswerSchema.parse(answer.body)).toEqual({
        success: false,
        token: null,
        user: null,
        error: 'Please use the login as feature',
      });
      expect(accountMessages.useLoginAs).toBe('Please use the login as feature');
      expect(answer.headers.get('set-cookie')).toBeNull();
    });

    it('answers a wrong password as for anyone: it does not tell who is a manager', async () => {
      const answer = await logInWith(t, OFF_LIST.email, 'not-the-password');
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ token: null, error: messages.wrongPassword });
    });

    it('still signs in an allowed manager and a hunter, routed as before', async () => {
      const allowed = loginAnswerSchema.parse(
        (await logInWith(t, 'manager@stemline.test', DEMO_PASSWORD)).body,
      );
      expect(allowed.token).toBeTruthy();
      expect(allowed.user && roleDestination(allowed.user)).toBe('admin_app');
      // The hunter keeps a staff session for the login-as feature; the app itself tells it, as
      // it tells a refused manager, to use that feature (the same toast).
      const hunter = loginAnswerSchema.parse(
        (await logInWith(t, 'hunter@stemline.test', DEMO_PASSWORD)).body,
      );
      expect(hunter.token).toBeTruthy();
      expect(hunter.user && roleDestination(hunter.user)).toBe('use_login_as');
    });
  });

  describe('staff calls', () => {
    it.each(staffCalls)(
      'refuses %s to the token of a manager off the list: its session does not hold (401)',
      async (_name, call) => {
        const answer = await call(t, forged);
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ success: false });
      },
    );

    it('left nothing changed by those refused calls', async () => {
      expect(JSON.parse((await offListFlags()) ?? '{}')).toEqual({});
      const list = await t.post('/api/load_all_by_model', { model: 'manager_admin' }, manager);
      expect(JSON.stringify(list.body)).not.toContain(OFF_LIST.key);
      const newbuyer = await t.sql.one<{ active: number }>(
        'SELECT active FROM users WHERE key = ?',
        ['u-newbuyer'],
      );
      expect(newbuyer?.active).toBe(1);
    });

    it.each(staffCalls)('lets an allowed manager run %s', async (_name, call, status) => {
      expect((await call(t, manager)).status).toBe(status);
      // What an allowed manager may do for the off-list one is undone for the tests that follow.
      await run(t, 'sales_update_user', { user_key: OFF_LIST.key, hunter: false }, manager);
      await setAllowList(t, ['u-manager'], manager);
    });

    it('lets a hunter run the login-as feature and the customer-relationship helpers', async () => {
      const hunter = await t.login('hunter@stemline.test');
      const loginAs = await run(t, 'login_as_customer', { customer: 'c-bennett' }, hunter);
      expect(loginAs.status).toBe(200);
      expect(loginAs.body).toMatchObject({
        success: true,
        user: { metadata: { from_manager: true } },
      });
      const check = await run(t, 'hs_check_email', { email: 'a@bloom-shop.co' }, hunter);
      expect(check.status).toBe(200);
    });

    it('refuses it a password change, which would sign a fresh token', async () => {
      const before = await t.sql.one(
        'SELECT password_hash, token_version FROM users WHERE key = ?',
        [OFF_LIST.key],
      );
      const answer = await t.post(
        '/api/security/change_password',
        { current_password: DEMO_PASSWORD, password: 'a-new-password' },
        forged,
      );
      expect(answer.status).toBe(401);
      expect(answer.body).not.toHaveProperty('token');
      expect(
        await t.sql.one('SELECT password_hash, token_version FROM users WHERE key = ?', [
          OFF_LIST.key,
        ]),
      ).toEqual(before);
    });
  });

  describe('who is staff: changed by an admin only', () => {
    const userRow = (key: string) =>
      t.sql.one<{ active: number; flags: string }>(
        'SELECT active, flags FROM users WHERE key = ?',
        [key],
      );
    const changes: [string, (token: string) => Promise<ApiAnswer>][] = [
      [
        'putting itself on the allow list',
        (token) => setAllowList(t, ['u-manager', 'u-hunter'], token),
      ],
      [
        'adding a staff domain',
        (token) =>
          t.post(
            '/api/add_model',
            { row_model: 'staff_company_domain', rows: [{ domain: 'friends-of-hunter.test' }] },
            token,
          ),
      ],
      [
        'making another manager a hunter',
        (token) => run(t, 'sales_update_user', { user_key: OFF_LIST.key, hunter: true }, token),
      ],
      [
        'deactivating the admin',
        (token) => run(t, 'sales_update_user', { user_key: 'u-manager', active: false }, token),
      ],
    ];

    it.each(changes)('refuses a hunter %s, and changes nothing', async (_name, change) => {
      const hunter = await t.login('hunter@stemline.test');
      const before = {
        offList: await userRow(OFF_LIST.key),
        admin: await userRow('u-manager'),
        list: (await t.post('/api/load_all_by_model', { model: 'manager_admin' }, manager)).body,
        domains: (
          await t.post('/api/load_all_by_model', { model: 'staff_company_domain' }, manager)
        ).body,
      };
      const answer = await change(hunter);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false, error: stemlineMessages.forbidden });
      expect({
        offList: await userRow(OFF_LIST.key),
        admin: await userRow('u-manager'),
        list: (await t.post('/api/load_all_by_model', { model: 'manager_admin' }, manager)).body,
        domains: (
          await t.post('/api/load_all_by_model', { model: 'staff_company_domain' }, manager)
        ).body,
      }).toEqual(before);
    });

    it('still lets a hunter name a customer’s contact owner (sales_update_user)', async () => {
      const hunter = await t.login('hunter@stemline.test');
      // Named as it is, so the tests that follow meet the customer unchanged.
      const current = await t.sql.one<{ account_manager: string | null }>(
        `SELECT c.account_manager FROM customers c JOIN users u ON u.customer_key = c.key
         WHERE u.key = ?`,
        ['u-newbuyer'],
      );
      const answer = await run(
        t,
        'sales_update_user',
        { user_key: 'u-newbuyer', account_manager: current?.account_manager ?? null },
        hunter,
      );
      expect(answer.status).toBe(200);
    });

    it('lets an admin make those changes', async () => {
      expect(
        (await run(t, 'sales_update_user', { user_key: OFF_LIST.key, hunter: true }, manager))
          .status,
      ).toBe(200);
      expect(JSON.parse((await userRow(OFF_LIST.key))?.flags ?? '{}')).toMatchObject({
        hunter: true,
      });
      await run(t, 'sales_update_user', { user_key: OFF_LIST.key, hunter: false }, manager);
      expect((await setAllowList(t, ['u-manager'], manager)).status).toBe(200);
    });
  });

  describe('a change of the list', () => {
    it('takes effect at once: a manager taken off loses staff calls', async () => {
      expect((await setAllowList(t, ['u-manager', OFF_LIST.key], manager)).status).toBe(200);
      const answer = loginAnswerSchema.parse(
        (await logInWith(t, OFF_LIST.email, DEMO_PASSWORD)).body,
      );
      const token = answer.token ?? '';
      expect(answer.user?.metadata).toMatchObject({ manager_admin: true });
      expect((await run(t, 'get_email_guest_list', {}, token)).status).toBe(200);

      expect((await setAllowList(t, ['u-manager'], manager)).status).toBe(200);
      for (const [, call] of staffCalls) expect((await call(t, token)).status).toBe(401);
      expect((await logInWith(t, OFF_LIST.email, DEMO_PASSWORD)).status).toBe(403);
    });

    it('ends the customer sessions a manager opened with login-as once it is taken off', async () => {
      expect((await setAllowList(t, ['u-manager', OFF_LIST.key], manager)).status).toBe(200);
      const staff = loginAnswerSchema.parse(
        (await logInWith(t, OFF_LIST.email, DEMO_PASSWORD)).body,
      ).token;
      const loginAs = await run(t, 'login_as_customer', { customer: 'c-bennett' }, staff ?? '');
      const asCustomer = (loginAs.body as { token: string }).token;
      const customerCalls = () =>
        Promise.all([
          t.get(`/api/security/validate?token=${asCustomer}`),
          t.get('/api/sync/pull/cart_lines?checkpoint=0&limit=1', asCustomer),
          run(t, 'get_email_guest_list', {}, staff ?? ''),
        ]);
      expect((await customerCalls()).map((answer) => answer.status)).toEqual([200, 200, 200]);

      expect((await setAllowList(t, ['u-manager'], manager)).status).toBe(200);
      // Its own session ends too: a manager off the list holds none (spec §6).
      expect((await customerCalls()).map((answer) => answer.status)).toEqual([401, 401, 401]);
      // The customer's own sessions are not the staff user's: they hold.
      expect((await run(t, 'list_user', {}, await t.login('florist@stemline.test'))).status).toBe(
        200,
      );
    });

    it('a hunter whose flag staff clear is an off-list manager like any other', async () => {
      const hunter = await t.login('hunter@stemline.test');
      const opened = await run(t, 'login_as_customer', { customer: 'c-bennett' }, hunter);
      const asCustomer = (opened.body as { token: string }).token;
      expect((await t.get(`/api/security/validate?token=${asCustomer}`)).status).toBe(200);
      const cleared = await run(
        t,
        'sales_update_user',
        { user_key: 'u-hunter', hunter: false },
        manager,
      );
      expect(cleared.status).toBe(200);
      // Its own session ends, and with it the session it opened as a customer before.
      const loginAs = await run(t, 'login_as_customer', { customer: 'c-bennett' }, hunter);
      expect(loginAs.status).toBe(401);
      expect((await t.get(`/api/security/validate?token=${asCustomer}`)).status).toBe(401);
      const again = await logInWith(t, 'hunter@stemline.test', DEMO_PASSWORD);
      expect(again.body).toMatchObject({ token: null, error: accountMessages.useLoginAs });
    });
  });
});
