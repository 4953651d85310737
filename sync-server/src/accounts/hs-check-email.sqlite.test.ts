import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hsCheckEmailAnswerSchema, loginAnswerSchema } from '@stemline/shared';
import { solveCaptcha } from '../test-support/captcha';
import { publicToken, run, signUp, signUpFields, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const PHONE = signUpFields('x@bloom-shop.co').mobile_phone;
const RESALE = signUpFields('x@bloom-shop.co').resale_number;

/**
 * Spec §7 `hs_check_email` answers the customer-relationship contact of an email as `item`; the
 * contact carries the phone and resale number its sign-up gave, as the CRM's contact would.
 * Only staff may read it: a visitor, a customer (the contact's own included), a guest's
 * email-only session or a login-as session learn neither number.
 */
describe('run hs_check_email: the contact’s phone and resale number, to staff only', () => {
  let t: TestServer;
  let hunter = '';
  let email = '';
  let customer = '';
  let owner = '';

  beforeAll(async () => {
    t = await startTestServer();
    hunter = await t.login('hunter@stemline.test');
    // A rep's sign-up of a shop: the contact is recorded with the account (sign-up.ts).
    email = uniqueEmail('shop');
    const made = await signUp(t, email, { hunter: 'u-hunter', created_by_hunter: true }, hunter);
    expect(made.status).toBe(200);
    const answer = loginAnswerSchema.parse(made.body);
    customer = answer.user?.metadata.customer ?? '';
    owner = answer.token ?? '';
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('answers staff the phone and resale number the sign-up stored', async () => {
    for (const staff of [hunter, await t.login(accounts.manager)]) {
      const answer = await run(t, 'hs_check_email', { email }, staff);
      expect(answer.status).toBe(200);
      expect(hsCheckEmailAnswerSchema.parse(answer.body).item).toMatchObject({
        email,
        owner_id: 'u-hunter',
        customer,
        mobile_phone: PHONE,
        resale_number: RESALE,
      });
    }
  });

  it('answers null numbers for a contact whose shop has not signed up yet', async () => {
    const lead = uniqueEmail('lead');
    await run(
      t,
      'hunter_new_contact_hs',
      { email: lead, hunter: 'u-hunter', owner_id: 'u-hunter' },
      hunter,
    );
    const answer = await run(t, 'hs_check_email', { email: lead }, hunter);
    expect(hsCheckEmailAnswerSchema.parse(answer.body).item).toMatchObject({
      email: lead,
      customer: null,
      mobile_phone: null,
      resale_number: null,
    });
  });

  it('tells no one else either number', async () => {
    const guest = await run(
      t,
      'guest_sign_in',
      { email: uniqueEmail('guest'), reCaptchaToken: await solveCaptcha(t.url) },
      await publicToken(t),
    );
    const loginAs = await run(t, 'login_as_customer', { customer }, hunter);
    const callers: [string, string | undefined][] = [
      ['no token', undefined],
      ['a visitor’s public token', await publicToken(t)],
      ['the shop’s own session', owner],
      ['another customer', await t.login(accounts.florist)],
      ['a guest’s email-only session', loginAnswerSchema.parse(guest.body).token ?? ''],
      ['a login-as session of the shop', loginAnswerSchema.parse(loginAs.body).token ?? ''],
    ];
    for (const [who, token] of callers) {
      const answer = await t.post(
        '/api/cs/run',
        { key: 'hs_check_email', params: { email } },
        token,
      );
      expect([401, 403], who).toContain(answer.status);
      const text = JSON.stringify(answer.body);
      expect(text, who).not.toContain(PHONE);
      expect(text, who).not.toContain(RESALE);
    }
  });
});
