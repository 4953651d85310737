import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, guestSignInAnswerSchema, loginAnswerSchema } from '@stemline/shared';
import {
  latestLink,
  publicToken,
  run,
  signUp,
  signUpFields,
  uniqueEmail,
} from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { failInserts } from '../test-support/failing-insert';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** What an attacker sends to pass a sign-up off as a hunter's: a contact owner and the flag. */
const HUNTER_CLAIM = { hunter: 'u-hunter', created_by_hunter: true } as const;

// Each sign-up and log-in solves a real captcha and hashes with scrypt: generous on 2 cores.
describe('hunter sign-up fields: staff only (spec §6)', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** Everything the hunter fields can write for the account of `email`. */
  const hunterTraces = async (email: string) => {
    const customer = await t.sql.one<{ preferences: string; owner_key: string | null }>(
      `SELECT c.preferences, c.owner_key FROM customers c JOIN users u ON u.customer_key = c.key
       WHERE u.email = ?`,
      [email],
    );
    if (!customer) throw new Error(`no account for ${email}`);
    const contact = await t.sql.one('SELECT email FROM crm_contacts WHERE email = ?', [email]);
    return {
      createdByHunter: (JSON.parse(customer.preferences) as Record<string, unknown>)
        .created_by_hunter,
      owner: customer.owner_key,
      contact: contact !== undefined,
    };
  };
  const NO_TRACES = { createdByHunter: undefined, owner: null, contact: false };

  /** Every caller that is not staff, as an attacker would present itself. */
  const callers: [string, () => Promise<string | undefined>][] = [
    ['a visitor with no token', () => Promise.resolve(undefined)],
    ['a visitor with the public token', () => publicToken(t)],
    ['a customer', () => t.login('florist@stemline.test')],
    [
      'a guest',
      async () => {
        const params = { email: uniqueEmail('guest'), reCaptchaToken: await solveCaptcha(t.url) };
        const answer = await run(t, 'guest_sign_in', params, await publicToken(t));
        return guestSignInAnswerSchema.parse(answer.body).token ?? '';
      },
    ],
    [
      'staff logged in as a customer (login-as)',
      async () => {
        const staff = await t.login('manager@stemline.test');
        const answer = await run(t, 'login_as_customer', { customer: 'c-park' }, staff);
        return loginAnswerSchema.parse(answer.body).token ?? '';
      },
    ],
    [
      'a token forged with another secret, claiming a manager',
      () =>
        Promise.resolve(
          jwt.sign({ sub: 'u-hunter', customer: null, role: 'manager' }, 'not-the-secret', {
            algorithm: 'HS256',
          }),
        ),
    ],
    [
      'a hunter token that logged out',
      async () => {
        const token = await t.login('hunter@stemline.test');
        await t.post('/api/security/logout', {}, token);
        return token;
      },
    ],
  ];

  describe('POST /api/customer/sign_up', () => {
    it.each(callers)(
      'creates the account of %s but drops hunter and created_by_hunter',
      async (_caller, tokenOf) => {
        const email = uniqueEmail('claimed');
        const answer = await signUp(t, email, HUNTER_CLAIM, await tokenOf());
        expect(answer.status).toBe(200);
        const user = loginAnswerSchema.parse(answer.body).user;
        expect(JSON.parse(user?.metadata.preferences ?? '{}')).not.toHaveProperty(
          'created_by_hunter',
        );
        expect(await hunterTraces(email)).toEqual(NO_TRACES);
      },
    );

    it('drops them from the older form too, whose hunter mode would need a contact owner', async () => {
      const email = uniqueEmail('claimed');
      const answer = await signUp(t, email, {
        signup_form: 'older',
        city: 'Hoboken',
        state: 'NJ',
        events_per_year: 'under_10',
        created_by_hunter: true,
      });
      expect(answer.status).toBe(200);
      expect(await hunterTraces(email)).toEqual(NO_TRACES);
    });

    it.each(['hunter@stemline.test', 'manager@stemline.test'])(
      'keeps them from staff (%s): created_by_hunter and the contact owner',
      async (staffEmail) => {
        const email = uniqueEmail('hunted');
        const staff = await t.login(staffEmail);
        const answer = await signUp(t, email, HUNTER_CLAIM, staff);
        expect(answer.status).toBe(200);
        expect(await hunterTraces(email)).toEqual({
          createdByHunter: true,
          owner: 'u-hunter',
          contact: true,
        });
      },
    );

    it('refuses staff naming a contact owner who is not staff, and writes nothing', async () => {
      const email = uniqueEmail('hunted');
      const staff = await t.login('hunter@stemline.test');
      const answer = await signUp(
        t,
        email,
        { hunter: 'u-florist', created_by_hunter: true },
        staff,
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: accountMessages.contactOwnerUnknown });
      expect(await t.sql.one('SELECT key FROM users WHERE email = ?', [email])).toBeUndefined();
    });
  });

  describe('run hs_check_email and hunter_new_contact_hs: staff only', () => {
    const contactRows = (email: string) =>
      t.sql.all('SELECT * FROM crm_contacts WHERE email = ?', [email]);

    it.each(callers)('refuses %s both calls, and records nothing', async (_caller, tokenOf) => {
      const email = uniqueEmail('lead');
      const token = await tokenOf();
      const check = await t.post(
        '/api/cs/run',
        { key: 'hs_check_email', params: { email: 'florist@stemline.test' } },
        token,
      );
      expect([401, 403]).toContain(check.status);
      expect(check.body).not.toHaveProperty('item');
      const made = await t.post(
        '/api/cs/run',
        {
          key: 'hunter_new_contact_hs',
          params: { email, hunter: 'u-hunter', owner_id: 'u-hunter' },
        },
        token,
      );
      expect([401, 403]).toContain(made.status);
      expect(await contactRows(email)).toEqual([]);
    });

    it.each([
      ['a customer as owner', { owner_id: 'u-florist' }],
      ['an unknown owner', { owner_id: 'u-nobody' }],
      ['no owner', { owner_id: '' }],
      ['an owner that is not text', { owner_id: ['u-hunter'] }],
      ['an email that is not one', { email: 'not an email' }],
    ])('refuses staff naming %s, and records nothing', async (_case, forged) => {
      const email = uniqueEmail('lead');
      const staff = await t.login('hunter@stemline.test');
      const answer = await run(
        t,
        'hunter_new_contact_hs',
        { email, hunter: 'u-hunter', owner_id: 'u-manager', ...forged },
        staff,
      );
      expect(answer.status).toBe(400);
      expect(await contactRows(email)).toEqual([]);
    });

    it('records the signed-in rep as the contact’s hunter, whatever hunter it sends', async () => {
      const email = uniqueEmail('lead');
      const staff = await t.login('hunter@stemline.test');
      const answer = await run(
        t,
        'hunter_new_contact_hs',
        { email, hunter: 'u-manager', owner_id: 'u-manager', created_by: 'u-florist' },
        staff,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        item: { email, owner_id: 'u-manager', created_by: 'u-hunter', customer: null },
      });
    });

    it('a hunter sign-up records its contact with the rep who sent it, not the owner', async () => {
      const email = uniqueEmail('prospect');
      const staff = await t.login('hunter@stemline.test');
      const answer = await signUp(t, email, { ...HUNTER_CLAIM, hunter: 'u-manager' }, staff);
      expect(answer.status).toBe(200);
      const customer = loginAnswerSchema.parse(answer.body).user?.metadata.customer;
      expect(
        await t.sql.one(
          'SELECT owner_key, customer_key, created_by FROM crm_contacts WHERE email = ?',
          [email],
        ),
      ).toEqual({ owner_key: 'u-manager', customer_key: customer, created_by: 'u-hunter' });
    });

    it('makes no account when its contact cannot be recorded', async () => {
      const email = uniqueEmail('prospect');
      const staff = await t.login('hunter@stemline.test');
      const customers = () =>
        t.sql.one<{ n: number | string }>('SELECT COUNT(*) AS n FROM customers');
      const before = await customers();
      const restore = await failInserts(t, {
        name: 'no_contact',
        table: 'crm_contacts',
        when: `NEW.email = '${email}'`,
        message: 'the contact could not be written',
      });
      try {
        expect((await signUp(t, email, HUNTER_CLAIM, staff)).status).toBe(500);
      } finally {
        await restore();
      }
      expect(await t.sql.one('SELECT key FROM users WHERE email = ?', [email])).toBeUndefined();
      expect(await customers()).toEqual(before);
    });
  });

  describe('run user_guest_upgrade', () => {
    it('upgrades the guest but drops the hunter and created_by_hunter it sends', async () => {
      const visitor = await publicToken(t);
      const email = uniqueEmail('guest');
      const signedIn = await run(
        t,
        'guest_sign_in',
        { email, reCaptchaToken: await solveCaptcha(t.url) },
        visitor,
      );
      expect(guestSignInAnswerSchema.parse(signedIn.body).success).toBe(true);
      const link = await latestLink(t, email, 'email_verification');
      const proven = await run(
        t,
        'verify_email_account',
        Object.fromEntries(link.searchParams.entries()),
        visitor,
      );
      const guest = loginAnswerSchema.parse(proven.body).token ?? '';
      const answer = await run(
        t,
        'user_guest_upgrade',
        signUpFields(email, { ...HUNTER_CLAIM }),
        guest,
      );
      expect(answer.status).toBe(200);
      expect(loginAnswerSchema.parse(answer.body).user?.metadata.guest).toBe(false);
      expect(await hunterTraces(email)).toEqual(NO_TRACES);
    });

    it.each([
      ['hunter@stemline.test', 'u-hunter'],
      ['manager@stemline.test', 'u-manager'],
    ])(
      'keeps them from staff’s login-as session of the guest (%s), and records the contact',
      async (staffEmail, staffKey) => {
        const email = uniqueEmail('guest');
        const params = { email, reCaptchaToken: await solveCaptcha(t.url) };
        const signedIn = await run(t, 'guest_sign_in', params, await publicToken(t));
        const customer = guestSignInAnswerSchema.parse(signedIn.body).user?.metadata.customer;
        const staff = await t.login(staffEmail);
        const loginAs = await run(t, 'login_as_customer', { customer }, staff);
        const session = loginAnswerSchema.parse(loginAs.body).token ?? '';
        const answer = await run(
          t,
          'user_guest_upgrade',
          signUpFields(email, { hunter: 'u-manager', created_by_hunter: true }),
          session,
        );
        expect(answer.status).toBe(200);
        expect(loginAnswerSchema.parse(answer.body).user?.metadata.guest).toBe(false);
        expect(await hunterTraces(email)).toEqual({
          createdByHunter: true,
          owner: 'u-manager',
          contact: true,
        });
        const contact = await run(t, 'hs_check_email', { email }, staff);
        expect(contact.body).toMatchObject({
          item: { owner_id: 'u-manager', customer, created_by: staffKey },
        });
      },
    );

    it('refuses a customer’s token sending them, and changes nothing', async () => {
      const florist = await t.login('florist@stemline.test');
      const before = await t.sql.one<{ preferences: string; owner_key: string | null }>(
        "SELECT preferences, owner_key FROM customers WHERE key = 'c-bennett'",
      );
      const answer = await run(
        t,
        'user_guest_upgrade',
        signUpFields('florist@stemline.test', { ...HUNTER_CLAIM }),
        florist,
      );
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: accountMessages.onlyGuestsUpgrade });
      expect(
        await t.sql.one("SELECT preferences, owner_key FROM customers WHERE key = 'c-bennett'"),
      ).toEqual(before);
    });
  });
});
