import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loginAnswerSchema,
  signUpAnswerSchema,
  validateAnswerSchema,
  type User,
} from '@stemline/shared';
import { run, signUp, uniqueEmail } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Spec §3 user metadata: the customer's state (with its name and record key), country, office
 * email, mobile phone and weekly-statement choice reach every user answer, and the resale number
 * a sign-up gave reaches staff who log in as the customer.
 */
describe('the customer fields of the user metadata', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const signedUp = async (overrides: Parameters<typeof signUp>[2] = {}) => {
    const email = uniqueEmail();
    const answer = await signUp(t, email, overrides);
    expect(answer.status).toBe(200);
    const body = signUpAnswerSchema.parse(answer.body);
    if (!body.user || !body.token) throw new Error('sign-up answered no session');
    return { email, user: body.user, token: body.token };
  };
  const validated = async (token: string): Promise<User> => {
    const answer = await t.get(`/api/security/validate?token=${token}`);
    expect(answer.status).toBe(200);
    const user = validateAnswerSchema.parse(answer.body).user;
    if (!user) throw new Error('validate answered no user');
    return user;
  };

  it('answers the phone, resale number and office email a sign-up gave', async () => {
    const { email, user, token } = await signedUp({
      mobile_phone: '2015550188',
      resale_number: 'RS-98765',
    });
    const expected = {
      customer_mobile_phone: '2015550188',
      customer_resale_number: 'RS-98765',
      customer_office_email: email,
      customer_statement_email_weekly: false,
      customer_country_key: 'US',
    };
    expect(user.metadata).toMatchObject(expected);
    // A session read back later says the same.
    expect((await validated(token)).metadata).toMatchObject(expected);
  });

  it('answers the state of the older form as its code, name and state-record key', async () => {
    const { user } = await signedUp({
      signup_form: 'older',
      city: 'Hoboken',
      state: 'NJ',
      events_per_year: 'under_10',
    });
    expect(user.metadata).toMatchObject({
      customer_state: 'NJ',
      customer_state_name: 'New Jersey',
      customer_state_key: 'NJ',
      customer_country_key: 'US',
    });
  });

  it('answers no state for a customer with none rather than a guess', async () => {
    const { user } = await signedUp();
    expect(user.metadata).toMatchObject({
      customer_state: null,
      customer_state_name: null,
      customer_state_key: null,
    });
  });

  it('answers the weekly statement choice once the buyer turns it on', async () => {
    const { token } = await signedUp();
    const saved = await t.post(
      '/api/customer/update_preferences',
      { preferences: { customer_statement_email_weekly: true } },
      token,
    );
    expect(saved.status).toBe(200);
    expect((await validated(token)).metadata).toMatchObject({
      customer_statement_email_weekly: true,
    });
  });

  it('shows staff who log in as the customer its phone and resale number', async () => {
    const { user } = await signedUp({ mobile_phone: '2015550177', resale_number: 'EIN-55' });
    const staff = await t.login(accounts.manager);
    const answer = await run(t, 'login_as_customer', { customer: user.metadata.customer }, staff);
    expect(answer.status).toBe(200);
    expect(loginAnswerSchema.parse(answer.body).user?.metadata).toMatchObject({
      customer_mobile_phone: '2015550177',
      customer_resale_number: 'EIN-55',
    });
  });

  it('answers no phone and no customer fields for a user without a customer', async () => {
    const staff = await t.login(accounts.manager);
    const user = await validated(staff);
    expect(user.metadata).toMatchObject({
      customer: null,
      customer_mobile_phone: null,
      customer_resale_number: null,
      customer_office_email: null,
      customer_country_key: null,
    });
  });
});
