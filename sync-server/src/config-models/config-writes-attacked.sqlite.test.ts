import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@stemline/shared';
import { signUp, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The config every customer lives by (spec §3 Config): the weeks standing orders do not deliver
 * and the fake-email domains sign-up refuses. A hunter (a sales rep: staff, not an admin, spec §6)
 * works with login-as and the CRM helpers; writing these would close a week for every customer
 * for good, or refuse every sign-up from a mail provider. Only an admin writes them.
 */
describe('global config written by a hunter', { timeout: 30_000 }, () => {
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

  const rowsOf = (model: string) =>
    t.sql.all('SELECT key, doc FROM config_records WHERE model = ? ORDER BY key', [model]);

  const writes: [string, string, Record<string, unknown>][] = [
    [
      'closes a coming week to every standing order',
      '/api/add_model',
      { row_model: 'standing_order.disabled_weeks', rows: [{ week_start: 20261207 }] },
    ],
    [
      'reopens the Christmas week',
      '/api/delete_model',
      { row_model: 'standing_order.disabled_weeks', keys: ['20261221'] },
    ],
    [
      'renames a closed week',
      '/api/update_model',
      {
        row_model: 'standing_order.disabled_weeks',
        rows: [{ _KEY: '20261221', week_start: 20261221, reason: 'Open after all' }],
      },
    ],
    [
      'refuses every gmail sign-up',
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'gmail.com' }] },
    ],
    [
      'lets throwaway addresses sign up',
      '/api/delete_model',
      { row_model: 'fake_email_domains', keys: ['mailinator.com'] },
    ],
  ];

  it.each(writes)(
    'refuses a hunter’s write that %s, and nothing changes',
    async (_what, path, body) => {
      const model = String(body.row_model);
      const before = await rowsOf(model);
      expect(before.length).toBeGreaterThan(0);
      const answer = await t.post(path, body, hunter);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ success: false });
      expect(await rowsOf(model)).toEqual(before);
    },
  );

  it('keeps sign-up open to a domain a hunter tried to list as fake', async () => {
    await t.post(
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'gmail.com' }] },
      hunter,
    );
    expect((await signUp(t, uniqueEmail('rosa').replace(/@.*/, '@gmail.com'))).status).toBe(200);
  });

  it('lets an admin close a week and list a fake domain', async () => {
    const week = await t.post(
      '/api/add_model',
      { row_model: 'standing_order.disabled_weeks', rows: [{ week_start: 20261207 }] },
      admin,
    );
    expect(week.status).toBe(200);
    expect((await rowsOf('standing_order.disabled_weeks')).map((row) => row.key)).toContain(
      '20261207',
    );
    const domain = await t.post(
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'throwaway.io' }] },
      admin,
    );
    expect(domain.status).toBe(200);
    expect((await signUp(t, 'rosa@throwaway.io')).body).toMatchObject({
      error: messages.emailDoesNotSeemRight,
    });
  });

  it('still lets a hunter read the config it works with', async () => {
    const answer = await t.post(
      '/api/load_all_by_model',
      { model: 'standing_order.disabled_weeks' },
      hunter,
    );
    expect(answer.status).toBe(200);
  });
});
