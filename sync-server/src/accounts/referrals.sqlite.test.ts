import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  referralCodeAnswerSchema,
  sendReferralAnswerSchema,
  signUpAnswerSchema,
} from '@stemline/shared';
import { mailsTo, publicToken, run, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** Issue 27 point 14: a referral is for someone new, never the caller or an existing account. */
describe('send_referral refuses the caller and existing accounts', { timeout: 30_000 }, () => {
  let t: TestServer;
  let florist = '';

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login('florist@stemline.test');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it('refuses to refer oneself, in any letter case, and mails nothing', async () => {
    const answer = await run(t, 'send_referral', { emails: ['Florist@Stemline.test'] }, florist);
    const body = sendReferralAnswerSchema.parse(answer.body);
    expect(body.sent).toBe(0);
    // Addresses are read in lower case.
    expect(body.not_sent).toEqual([{ email: 'florist@stemline.test', reason: 'self' }]);
    expect(body.message).toBe(accountMessages.referralSelf('florist@stemline.test'));
    const referrals = (await mailsTo(t, 'florist@stemline.test')).filter(
      (mail) => mail.kind === 'referral',
    );
    expect(referrals).toEqual([]);
  });

  it('tells which addresses already have an account, and mails only the new friend', async () => {
    const friend = uniqueEmail('friend');
    const answer = await run(
      t,
      'send_referral',
      { emails: ['newbuyer@stemline.test', friend] },
      florist,
    );
    const body = sendReferralAnswerSchema.parse(answer.body);
    expect(body.sent).toBe(1);
    expect(body.not_sent).toEqual([{ email: 'newbuyer@stemline.test', reason: 'has_account' }]);
    expect(body.message).toBe(accountMessages.referralHasAccount(['newbuyer@stemline.test']));
    expect((await mailsTo(t, 'newbuyer@stemline.test')).some((m) => m.kind === 'referral')).toBe(
      false,
    );
    expect((await mailsTo(t, friend)).map((mail) => mail.kind)).toEqual(['referral']);
  });
});

/**
 * Spec §4 sign-up flow: the create-account page checks the code a visitor arrived with through
 * find_referral, and says what a sign-up with it would get.
 */
describe('find_referral with a referral code', { timeout: 30_000 }, () => {
  let t: TestServer;
  let visitor = '';
  let code = '';

  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
    const florist = await t.login('florist@stemline.test');
    const sent = await run(t, 'send_referral', { emails: [uniqueEmail('friend')] }, florist);
    code = sendReferralAnswerSchema.parse(sent.body).referral_code;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const check = (body: unknown, token = visitor) =>
    t.post('/api/customer/find_referral', body, token);

  it("names the referring company to a visitor holding its code, in the code's stored form", async () => {
    const answer = await check({ referral_code: ` ${code.toLowerCase()} ` });
    expect(answer.status).toBe(200);
    expect(referralCodeAnswerSchema.parse(answer.body)).toEqual({
      success: true,
      results: { referral_code: code, valid: true, referred_by_name: 'Bennett Blooms' },
    });
  });

  it.each(['NOPE1234', '', 'x'.repeat(64), "' OR 1=1 --"])(
    'answers an unknown code %j as not valid, naming no one',
    async (unknown) => {
      const answer = await check({ referral_code: unknown });
      expect(answer.status).toBe(200);
      expect(referralCodeAnswerSchema.parse(answer.body).results).toMatchObject({
        valid: false,
        referred_by_name: null,
      });
    },
  );

  it('agrees with sign-up: a code it calls unknown is refused there, and nothing is created', async () => {
    const email = uniqueEmail('unknown-code');
    const answer = await signUp(t, email, { referral: 'NOPE1234' });
    expect(answer.status).toBe(400);
    expect(signUpAnswerSchema.parse(answer.body).error).toBe(accountMessages.referralUnknown);
    const users = await t.sql.one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM users WHERE email = ?',
      [email],
    );
    expect(Number(users?.n)).toBe(0);
    // The code it calls valid signs up with the referral.
    const referred = await signUp(t, uniqueEmail('good-code'), { referral: code });
    expect(referred.status).toBe(200);
  });

  it.each([
    ['a code over 64 characters', { referral_code: 'x'.repeat(65) }],
    ['a code that is not text', { referral_code: 12345678 }],
    ['a code with a customer', { referral_code: 'ABC', customer: 'c-bennett' }],
  ])('refuses %s with 400', async (_case, body) => {
    const answer = await check(body);
    expect(answer.status).toBe(400);
  });

  it('refuses a request with no token at all', async () => {
    const answer = await t.post('/api/customer/find_referral', { referral_code: code });
    expect(answer.status).toBe(401);
  });
});
