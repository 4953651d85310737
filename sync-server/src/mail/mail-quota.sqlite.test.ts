import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  loginAnswerSchema,
  MAILS_PER_CUSTOMER_PER_DAY,
  REFERRAL_EMAILS_PER_SEND,
  sendReferralAnswerSchema,
} from '@stemline/shared';
import { logInWith, run, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

const DAY_MS = 24 * 3600_000;

/** Issue 21 point 8: nobody can use the server to send unlimited mail. */
// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('daily mail cap', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const newCustomer = async (): Promise<{ email: string; token: string }> => {
    const email = uniqueEmail('sender');
    expect((await signUp(t, email)).status).toBe(200);
    const token = loginAnswerSchema.parse(
      (await logInWith(t, email, 'tulips-in-spring')).body,
    ).token;
    if (!token) throw new Error(`no token for ${email}`);
    return { email, token };
  };
  const friends = (count: number, prefix: string) =>
    Array.from({ length: count }, () => uniqueEmail(prefix));
  const mailCount = async (kind: string, recipients: readonly string[]): Promise<number> => {
    let sum = 0;
    for (const to of recipients) {
      const row = await t.sql.one<{ n: number | string }>(
        'SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = ? AND recipient = ?',
        [kind, to],
      );
      sum += Number(row?.n ?? 0);
    }
    return sum;
  };
  const refer = async (token: string, emails: string[]) => {
    const answer = await run(t, 'send_referral', { emails }, token);
    expect(answer.status).toBe(200);
    return sendReferralAnswerSchema.parse(answer.body);
  };

  it('send_referral with 10 addresses, 20 times, mails each friend once and says the rest were duplicates', async () => {
    const sender = await newCustomer();
    const invited = friends(REFERRAL_EMAILS_PER_SEND, 'friend');
    const first = await refer(sender.token, invited);
    expect(first).toMatchObject({ sent: 10, not_sent: [], message: null });
    for (let round = 2; round <= 20; round += 1) {
      const again = await refer(sender.token, invited);
      expect(again.sent, `round ${round}`).toBe(0);
      expect(again.not_sent).toEqual(invited.map((email) => ({ email, reason: 'duplicate' })));
      expect(again.message).toBe(accountMessages.mailAlreadySentToday(invited));
    }
    expect(await mailCount('referral', invited)).toBe(10);
  });

  it('drops a repeated address inside one call, however it is written', async () => {
    const sender = await newCustomer();
    const friend = uniqueEmail('twice');
    const answer = await refer(sender.token, [friend, friend.toUpperCase(), ` ${friend} `]);
    expect(answer.sent).toBe(1);
    expect(answer.not_sent).toHaveLength(2);
    expect(answer.message).toContain('invited today already');
    expect(await mailCount('referral', [friend])).toBe(1);
  });

  it(`stops at ${MAILS_PER_CUSTOMER_PER_DAY} mails a customer a day, says so, and lets it send again the next day`, async () => {
    const sender = await newCustomer();
    const sent: string[] = [];
    for (let i = 0; i < MAILS_PER_CUSTOMER_PER_DAY / REFERRAL_EMAILS_PER_SEND; i += 1) {
      const batch = friends(REFERRAL_EMAILS_PER_SEND, `batch${i}`);
      expect((await refer(sender.token, batch)).sent).toBe(REFERRAL_EMAILS_PER_SEND);
      sent.push(...batch);
    }
    const over = friends(3, 'over');
    const refused = await refer(sender.token, over);
    expect(refused.sent).toBe(0);
    expect(refused.not_sent).toEqual(over.map((email) => ({ email, reason: 'daily_limit' })));
    expect(refused.message).toBe(accountMessages.mailDailyLimit(MAILS_PER_CUSTOMER_PER_DAY, over));
    expect(await mailCount('referral', [...sent, ...over])).toBe(MAILS_PER_CUSTOMER_PER_DAY);
    // Another customer is not held by this one's cap.
    const other = await newCustomer();
    expect((await refer(other.token, friends(1, 'other'))).sent).toBe(1);

    t.clock.advance(DAY_MS);
    expect((await refer(sender.token, over)).sent).toBe(3);
  });

  it('staff verification mail to one address stops at the cap with a clear 429', async () => {
    const staff = await t.login('manager@stemline.test');
    const prospect = uniqueEmail('prospect');
    for (let i = 0; i < MAILS_PER_CUSTOMER_PER_DAY; i += 1) {
      const sent = await run(t, 'send_email_verification', { email: prospect }, staff);
      expect(sent.status, `mail ${i + 1}`).toBe(200);
    }
    const refused = await run(t, 'send_email_verification', { email: prospect }, staff);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      success: false,
      error: accountMessages.mailDailyLimit(MAILS_PER_CUSTOMER_PER_DAY, [prospect]),
    });
    expect(await mailCount('email_verification', [prospect])).toBe(MAILS_PER_CUSTOMER_PER_DAY);
  });

  it('password-reset mail to one account stops at the cap, with the same answer as before', async () => {
    const owner = await newCustomer();
    const answers = new Set<string>();
    for (let hour = 0; hour < 6; hour += 1) {
      for (let i = 0; i < 5; i += 1) {
        const answer = await t.post('/api/forgot_password', { email: owner.email });
        answers.add(JSON.stringify([answer.status, answer.body]));
      }
      t.clock.advance(61 * 60_000);
    }
    expect([...answers]).toEqual([JSON.stringify([200, { success: true, error: null }])]);
    expect(await mailCount('password_reset', [owner.email])).toBe(MAILS_PER_CUSTOMER_PER_DAY);
  });
});
