import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerAnswerSchema, managerMessages } from '@stemline/shared';
import { mailsTo, publicToken, run } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';
import { managerPhotoUrl } from './manager-photo';

describe('account managers', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let visitor = '';

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager, visitor] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
      publicToken(t),
    ]);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const assignments = () => t.sql.all('SELECT key, account_manager FROM customers ORDER BY key');

  it("loads the florist's own account manager: name, phone, email and photo", async () => {
    const answer = await t.post('/api/customer/manager', {}, florist);
    expect(answer.status).toBe(200);
    expect(managerAnswerSchema.parse(answer.body).manager).toEqual({
      key: 'u-manager',
      name: 'Maya Cole',
      email: 'manager@stemline.test',
      phone: '(201) 555-0148',
      photo_url: '/api/customer/manager/photo/u-manager.svg?v=1',
    });
    const email = await t.post('/api/customer/manager_email', { manager: 'u-manager' }, florist);
    expect(email.body).toEqual({ success: true, email: 'manager@stemline.test' });
  });

  it('answers no manager to a florist without one', async () => {
    expect((await t.post('/api/customer/manager', {}, newbuyer)).body).toEqual({
      success: true,
      manager: null,
    });
  });

  it.each([
    ['a manager who is not theirs', 'u-manager'],
    ['a user who is no manager', 'u-florist'],
    ['a user who does not exist', 'u-nobody'],
  ])('refuses a florist %s with the same 403', async (_what, key) => {
    for (const path of ['/api/customer/manager', '/api/customer/manager_email']) {
      const answer = await t.post(path, { manager: key }, newbuyer);
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).toContain(managerMessages.notYourManager);
    }
  });

  it('refuses a visitor and a bad body', async () => {
    expect((await t.post('/api/customer/manager', {}, visitor)).status).toBe(403);
    expect((await t.post('/api/customer/manager', { manager: 12 }, florist)).status).toBe(400);
  });

  it('lets staff give a customer a new manager, which mails the customer', async () => {
    const answer = await run(
      t,
      'send_new_manager_email',
      { customer: 'c-park', manager: 'u-hunter' },
      manager,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, manager: { key: 'u-hunter' } });
    expect((await t.post('/api/customer/manager', {}, newbuyer)).body).toMatchObject({
      manager: { key: 'u-hunter', name: 'Hank Reyes', email: 'hunter@stemline.test' },
    });
    const mails = await mailsTo(t, accounts.newbuyer);
    const mail = mails.find((m) => m.subject === managerMessages.newManagerSubject);
    expect(mail?.text).toContain('Hank Reyes is now your Stemline account manager');
    expect(mail?.text).toContain('/shopping/home/account');
  });

  it('refuses send_new_manager_email to a florist and a visitor, changing nothing and mailing no one', async () => {
    const before = await assignments();
    const mailsBefore = (await mailsTo(t, accounts.florist)).length;
    for (const token of [florist, visitor]) {
      const answer = await run(
        t,
        'send_new_manager_email',
        { customer: 'c-bennett', manager: 'u-hunter' },
        token,
      );
      expect(answer.status).toBe(403);
    }
    expect(await assignments()).toEqual(before);
    expect(await mailsTo(t, accounts.florist)).toHaveLength(mailsBefore);
  });

  it('answers 404 for an unknown manager or customer, 400 for a bad body, changing nothing', async () => {
    const before = await assignments();
    const send = (params: unknown) => run(t, 'send_new_manager_email', params, manager);
    expect((await send({ customer: 'c-bennett', manager: 'u-florist' })).status).toBe(404);
    expect((await send({ customer: 'c-nobody', manager: 'u-hunter' })).status).toBe(404);
    expect((await send({ customer: 'c-bennett' })).status).toBe(400);
    expect(await assignments()).toEqual(before);
  });

  describe('photo', () => {
    const photo = (key: string) => t.get(`/api/customer/manager/photo/${key}.svg?v=1`);

    it('is a drawn portrait for a manager without a file, loaded without a token as <img> does', async () => {
      const url = managerPhotoUrl('u-manager');
      const answer = await t.request<string>(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(answer.headers.get('cache-control')).toContain('immutable');
      expect(answer.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      // No script, handler, link or text of anyone's in it: shapes and colours only.
      expect(answer.body).not.toMatch(/<script|\son\w+=|href|<text|Maya/i);
      expect((await t.request<string>(url)).body).toBe(answer.body);
    });

    it('keeps a photo file the manager has', async () => {
      await t.sql.run("UPDATE users SET photo_url = '/photos/maya.jpg' WHERE key = 'u-manager'");
      try {
        const answer = await t.post('/api/customer/manager', {}, florist);
        expect(managerAnswerSchema.parse(answer.body).manager?.photo_url).toBe('/photos/maya.jpg');
      } finally {
        await t.sql.run("UPDATE users SET photo_url = NULL WHERE key = 'u-manager'");
      }
    });

    it('draws for any well-formed key, so it tells no one which users exist', async () => {
      const [known, unknown] = await Promise.all([photo('u-manager'), photo('u-nobody-at-all')]);
      expect(unknown.status).toBe(known.status);
      expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    });

    it.each(['..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a'.repeat(65), 'u%20manager', '%00'])(
      'refuses the key %s and reflects nothing of it',
      async (key) => {
        const answer = await photo(key);
        expect([400, 404]).toContain(answer.status);
        expect(answer.headers.get('content-type')).not.toMatch(/svg/);
        expect(JSON.stringify(answer.body)).not.toMatch(/script|passwd/);
      },
    );
  });
});
