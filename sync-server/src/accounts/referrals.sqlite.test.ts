import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, sendReferralAnswerSchema } from '@stemline/shared';
import { mailsTo, run, uniqueEmail } from '../test-support/accounts';
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
