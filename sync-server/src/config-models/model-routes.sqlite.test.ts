import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@stemline/shared';
import { publicToken, signUp } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('model calls over config records', { timeout: 30_000 }, () => {
  let t: TestServer;
  let staff = '';
  let florist = '';
  let visitor = '';
  beforeAll(async () => {
    t = await startTestServer();
    staff = await t.login('manager@stemline.test');
    florist = await t.login('florist@stemline.test');
    visitor = await publicToken(t);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const load = (model: string, token: string, extra: Record<string, unknown> = {}) =>
    t.post('/api/load_all_by_model', { model, ...extra }, token);

  it('serves the seeded config records to staff', async () => {
    const fake = await load('fake_email_domains', staff);
    expect(fake.status).toBe(200);
    const domains = (fake.body.results as { domain: string }[]).map((row) => row.domain);
    expect(domains).toEqual(expect.arrayContaining(['mailinator.com', 'example.com', 'test.com']));
    expect(domains).not.toContain('stemline.test');
    const all = await load('manager_admin', staff, {
      fetch_models: ['staff_company_domain', 'standing_order.disabled_weeks'],
    });
    expect(all.body).toMatchObject({
      success: true,
      results: [{ _KEY: 'admin_app', name: 'Admin app', users: ['u-manager'] }],
      fetched_results: {
        staff_company_domain: [{ _KEY: 'stemline.com', domain: 'stemline.com' }],
        'standing_order.disabled_weeks': expect.arrayContaining([
          { _KEY: '20261221', week_start: 20261221, reason: 'Christmas week' },
        ]) as unknown,
      },
    });
  });

  it('picks rows by keys', async () => {
    const answer = await load('fake_email_domains', staff, { keys: ['test.com', 'nope.com'] });
    expect(answer.body.results).toEqual([{ _KEY: 'test.com', domain: 'test.com' }]);
  });

  it.each([
    ['a florist', () => florist],
    ['a visitor', () => visitor],
  ])('refuses staff models to %s, in results and in fetch_models', async (_case, token) => {
    expect((await load('manager_admin', token())).status).toBe(403);
    expect((await load('state', token(), { fetch_models: ['fake_email_domains'] })).status).toBe(
      403,
    );
    const add = await t.post(
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'spam.io' }] },
      token(),
    );
    expect(add.status).toBe(403);
    const del = await t.post('/api/delete_model', { row_model: 'state', keys: ['NJ'] }, token());
    expect(del.status).toBe(403);
  });

  it('refuses a login-as session (it acts as the customer), though its user is staff-made', async () => {
    const loginAs = await t.post(
      '/api/cs/run',
      { key: 'login_as_customer', params: { customer: 'c-bennett' } },
      staff,
    );
    expect(loginAs.status).toBe(200);
    const token = String(loginAs.body.token);
    expect((await load('manager_admin', token)).status).toBe(403);
  });

  it('answers an unknown model 404 and a malformed call 400', async () => {
    expect((await load('nope', staff)).status).toBe(404);
    expect((await load('Bad Name!', staff)).status).toBe(400);
    expect((await t.post('/api/load_all_by_model', {}, staff)).status).toBe(400);
    expect(
      (await t.post('/api/add_model', { row_model: 'fake_email_domains', rows: [] }, staff)).status,
    ).toBe(400);
  });

  it('adds, updates and deletes a fake domain, and sign-up follows it at once', async () => {
    const add = await t.post(
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'Throwaway.IO' }] },
      staff,
    );
    expect(add.body).toEqual({
      success: true,
      results: [{ _KEY: 'throwaway.io', domain: 'throwaway.io' }],
    });
    const refused = await signUp(t, 'rosa@throwaway.io');
    expect(refused.body).toMatchObject({ error: messages.emailDoesNotSeemRight });

    const duplicate = await t.post(
      '/api/add_model',
      { row_model: 'fake_email_domains', rows: [{ domain: 'throwaway.io' }] },
      staff,
    );
    expect(duplicate.status).toBe(409);

    const update = await t.post(
      '/api/update_model',
      {
        row_model: 'fake_email_domains',
        rows: [{ _KEY: 'throwaway.io', domain: 'throwaway.net' }],
      },
      staff,
    );
    expect(update.status).toBe(200);
    expect((await signUp(t, 'rosa@throwaway.io')).status).toBe(200);

    const deleted = await t.post(
      '/api/delete_model',
      { row_model: 'fake_email_domains', keys: ['throwaway.io', 'never-there.com'] },
      staff,
    );
    expect(deleted.body).toEqual({ success: true, deleted: 1 });
    expect((await signUp(t, 'rosa@throwaway.net')).status).toBe(200);
  });

  it('applies a write all or nothing: one bad row leaves every row as it was', async () => {
    const before = (await load('fake_email_domains', staff)).body.results;
    const answer = await t.post(
      '/api/add_model',
      {
        row_model: 'fake_email_domains',
        rows: [{ domain: 'fine.io' }, { domain: 'not a domain' }],
      },
      staff,
    );
    expect(answer.status).toBe(400);
    expect((await load('fake_email_domains', staff)).body.results).toEqual(before);
  });

  it.each([
    ['a Tuesday', { week_start: 20261222 }],
    ['a date that does not exist', { week_start: 20260231 }],
    ['a week as text', { week_start: '20261228' }],
  ])('refuses a disabled week given as %s', async (_case, row) => {
    const answer = await t.post(
      '/api/add_model',
      { row_model: 'standing_order.disabled_weeks', rows: [row] },
      staff,
    );
    expect(answer.status).toBe(400);
  });

  it('edits the manager_admin allow list: the hunter, once listed, is told it may use the admin app', async () => {
    const update = await t.post(
      '/api/update_model',
      {
        row_model: 'manager_admin',
        rows: [{ _KEY: 'admin_app', name: 'Admin app', users: ['u-manager', 'u-hunter'] }],
      },
      staff,
    );
    expect(update.status).toBe(200);
    const hunter = await t.login('hunter@stemline.test');
    const validate = await t.get(`/api/security/validate?token=${hunter}`);
    expect(validate.body).toMatchObject({ user: { metadata: { manager_admin: true } } });
  });

  it('refuses writes to read-only models', async () => {
    const answer = await t.post(
      '/api/add_model',
      { row_model: 'state', rows: [{ _KEY: 'XX' }] },
      staff,
    );
    expect(answer.status).toBe(400);
  });
});
