import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  loginAnswerSchema,
  messages,
  signUpAnswerSchema,
  type SignUpPayloadInput,
} from '@stemline/shared';
import { signUp, signUpFields, uniqueEmail } from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Rows a sign-up could write. */
async function accountTables(t: TestServer) {
  const count = async (table: string) =>
    Number((await t.sql.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);
  return {
    users: await count('users'),
    customers: await count('customers'),
    contacts: await count('crm_contacts'),
  };
}

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('POST /api/customer/sign_up', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('creates a florist account and answers a token and user that log in at once', async () => {
    const email = uniqueEmail();
    const answer = await signUp(t, email);
    expect(answer.status).toBe(200);
    const body = signUpAnswerSchema.parse(answer.body);
    expect(body).toMatchObject({
      success: true,
      error: null,
      user: {
        email,
        first_name: 'Rosa',
        last_name: 'Diaz',
        role: 'florist',
        metadata: { customer_name: 'Diaz Flowers', guest: false, n_orders: 0 },
      },
    });
    const validate = await t.get(`/api/security/validate?token=${body.token ?? ''}`);
    expect(validate.status).toBe(200);
    const customer = await t.sql.one<{ profile: string; main_user_key: string; guest: number }>(
      'SELECT profile, main_user_key, guest FROM customers WHERE key = ?',
      [body.user?.metadata.customer ?? ''],
    );
    if (!customer) throw new Error('the signed-up customer is missing');
    expect(customer.main_user_key).toBe(body.user?.key);
    expect(JSON.parse(customer.profile)).toMatchObject({
      resale_number: 'EIN-12-3456789',
      mobile_phone: '2015550123',
      storefront_type: 'physical_shop',
      website: 'diazflowers.com',
    });
    const stored = (await t.sql.one<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = ?',
      [email],
    )) ?? { password_hash: '' };
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('sends only the chosen business type’s follow-up', async () => {
    const email = uniqueEmail();
    const answer = await signUp(t, email, {
      business: 'wedding_event_designer',
      storefront_type: undefined,
      events_per_year: '25_59',
    });
    expect(answer.status).toBe(200);
    const profile =
      (
        await t.sql.one<{ profile: string }>(
          'SELECT c.profile FROM customers c JOIN users u ON u.customer_key = c.key WHERE u.email = ?',
          [email],
        )
      )?.profile ?? 'null';
    expect(JSON.parse(profile)).toMatchObject({ events_per_year: '25_59' });
    expect(JSON.parse(profile)).not.toHaveProperty('storefront_type');
  });

  const refusals: [string, Partial<SignUpPayloadInput>, number, string][] = [
    ['a company named N/A', { company_name: 'N/A' }, 400, 'Company name cannot be NA or N/A'],
    ['a company named na', { company_name: ' na ' }, 400, 'Company name cannot be NA or N/A'],
    ['no first name', { first_name: '' }, 400, 'Enter First Name'],
    ['no resale number', { resale_number: '' }, 400, 'Enter Resale Number/BIN/EIN/Tax ID'],
    ['a four-digit zip code', { zipcode: '0703' }, 400, 'Zip Code needs to be 5 digits'],
    ['a short phone', { mobile_phone: '555123' }, 400, 'Enter Phone Number'],
    ['a website without a domain', { website: 'my shop' }, 400, accountMessages.invalidWebsite],
    [
      'a florist without a storefront type',
      { storefront_type: undefined },
      400,
      'This field is required',
    ],
    ['a short password', { password: 'short' }, 400, accountMessages.passwordMinimum],
    ['an empty password', { password: '' }, 400, messages.enterPassword],
    ['a fake-domain email', { email: 'rosa@mailinator.com' }, 400, messages.emailDoesNotSeemRight],
    ['a staff address', { email: 'rosa@stemline.com' }, 403, accountMessages.staffUseLoginAs],
    [
      'an email already in use',
      { email: 'florist@stemline.test' },
      409,
      accountMessages.emailTaken,
    ],
    ['an unknown referral code', { referral: 'NOPE1234' }, 400, accountMessages.referralUnknown],
    [
      'an older form without city and state',
      { signup_form: 'older', city: '', state: '', events_per_year: 'under_10' },
      400,
      messages.fieldRequired,
    ],
  ];

  it.each(refusals)(
    'refuses %s with its message and writes nothing',
    async (_case, change, status, error) => {
      const before = await accountTables(t);
      const answer = await signUp(t, uniqueEmail(), change);
      expect(answer.status).toBe(status);
      expect(signUpAnswerSchema.parse(answer.body)).toMatchObject({
        success: false,
        token: null,
        user: null,
        error,
      });
      expect(await accountTables(t)).toEqual(before);
    },
  );

  it('answers the field errors of the form rules by field', async () => {
    const answer = await signUp(t, uniqueEmail(), { first_name: '', zipcode: 'abc' });
    expect(signUpAnswerSchema.parse(answer.body).errors).toEqual({
      first_name: 'Enter First Name',
      zipcode: 'Zip Code needs to be 5 digits',
    });
  });

  describe('captcha (action inquirySubmit)', () => {
    it.each([
      ['no solution', undefined],
      ['an empty solution', ''],
      ['a solution that is not base64 JSON', '%%%'],
      [
        'a made-up solution',
        Buffer.from(
          JSON.stringify({
            algorithm: 'SHA-256',
            challenge: 'a',
            number: 1,
            salt: 'b',
            signature: 'c',
          }),
        ).toString('base64'),
      ],
    ])('refuses %s and writes nothing', async (_case, reCaptchaToken) => {
      const before = await accountTables(t);
      const answer = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        ...(reCaptchaToken !== undefined && { reCaptchaToken }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false });
      expect(await accountTables(t)).toEqual(before);
    });

    it('refuses a wrong number for a real challenge with the captcha message', async () => {
      const token = await solveCaptcha(t.url);
      const payload = JSON.parse(Buffer.from(token, 'base64').toString()) as { number: number };
      const wrong = Buffer.from(
        JSON.stringify({ ...payload, number: payload.number + 1 }),
      ).toString('base64');
      const answer = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        reCaptchaToken: wrong,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: accountMessages.captchaFailed });
    });

    it('accepts a solution once only', async () => {
      const reCaptchaToken = await solveCaptcha(t.url);
      const first = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        reCaptchaToken,
      });
      expect(first.status).toBe(200);
      const again = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        reCaptchaToken,
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: accountMessages.captchaFailed });
    });

    it('refuses a solution after its challenge expired (10 minutes, server clock)', async () => {
      const reCaptchaToken = await solveCaptcha(t.url);
      t.clock.advance(11 * 60_000);
      const answer = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        reCaptchaToken,
      });
      expect(answer.body).toMatchObject({ error: accountMessages.captchaFailed });
    });

    it('validate_recaptcha answers success for a good solution without using it, and no message otherwise', async () => {
      const reCaptchaToken = await solveCaptcha(t.url);
      const good = await t.post('/api/security/validate_recaptcha', { params: { reCaptchaToken } });
      expect(good.body).toEqual({ success: true });
      const bad = await t.post('/api/security/validate_recaptcha', {
        params: { reCaptchaToken: 'garbage' },
      });
      expect(bad.body).toEqual({ success: false });
      const missing = await t.post('/api/security/validate_recaptcha', {});
      expect(missing.body).toEqual({ success: false });
      const used = await t.post('/api/customer/sign_up', {
        ...signUpFields(uniqueEmail()),
        reCaptchaToken,
      });
      expect(used.status).toBe(200);
      const after = await t.post('/api/security/validate_recaptcha', {
        params: { reCaptchaToken },
      });
      expect(after.body).toEqual({ success: false });
    });

    it('hands out challenges for the action inquirySubmit, never cached', async () => {
      const answer = await t.get('/api/security/captcha_challenge');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toMatchObject({
        algorithm: 'SHA-256',
        maxnumber: expect.any(Number) as number,
      });
      expect(String(answer.body.salt)).toContain('action=inquirySubmit');
    });
  });

  it('records a referral: 15% off the first order, from the referring customer', async () => {
    const florist = await t.login('florist@stemline.test');
    const sent = await t.post(
      '/api/cs/run',
      { key: 'send_referral', params: { emails: ['friend@bloom-shop.co'] } },
      florist,
    );
    expect(sent.status).toBe(200);
    const code = String(sent.body.referral_code);
    const email = uniqueEmail();
    const answer = await signUp(t, email, { referral: code.toLowerCase() });
    expect(answer.status).toBe(200);
    const body = loginAnswerSchema.parse(answer.body);
    expect(body.user?.metadata.referral).toEqual({
      code,
      referred_by: 'c-bennett',
      discount: 0.15,
      first_order_only: true,
      used: false,
    });
    const token = body.token ?? '';
    const found = await t.post('/api/customer/find_referral', {}, token);
    expect(found.body).toMatchObject({ success: true, results: { referral: { code } } });
  });

  it('a hunter sign-up sets created_by_hunter and records the contact owner', async () => {
    const email = uniqueEmail('prospect');
    // Only a signed-in staff caller may (hunter-fields.sqlite.test.ts tries everyone else).
    const hunter = await t.login('hunter@stemline.test');
    const answer = await signUp(
      t,
      email,
      {
        signup_form: 'older',
        hunter: 'u-hunter',
        created_by_hunter: true,
        city: 'Hoboken',
        state: 'NJ',
        events_per_year: 'under_10',
        mobile_phone: '2015550123',
      },
      hunter,
    );
    expect(answer.status).toBe(200);
    const user = loginAnswerSchema.parse(answer.body).user;
    expect(JSON.parse(user?.metadata.preferences ?? '{}')).toMatchObject({
      created_by_hunter: true,
    });
    expect(user?.metadata.customer_main_city).toBe('Hoboken');
    const contact = await t.post(
      '/api/cs/run',
      { key: 'hs_check_email', params: { email } },
      hunter,
    );
    expect(contact.body).toMatchObject({
      success: true,
      item: {
        email,
        owner_id: 'u-hunter',
        owner_name: 'Hank Reyes',
        customer: user?.metadata.customer,
      },
    });
  });

  it('refuses a payload that is not a sign-up with 400 and a readable reason', async () => {
    const answer = await t.post('/api/customer/sign_up', {
      email: 'x@bloom-shop.co',
      business: 'aliens',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, token: null });
  });
});
