import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '@stemline/shared';
import {
  latestLink,
  publicToken,
  run,
  signUp,
  signUpFields,
  uniqueEmail,
} from '../test-support/accounts';
import { solveCaptcha } from '../test-support/captcha';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** The tracking a visitor arrived with (spec §2 query parameters, §3 payload). */
const TRACKING = {
  utm_pos: 'header',
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'peonies',
  hutk: 'abc123',
};

// Each sign-up solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('sign-up tracking reaches the customer profile', { timeout: 30_000 }, () => {
  let t: TestServer;
  let visitor = '';
  beforeAll(async () => {
    t = await startTestServer();
    visitor = await publicToken(t);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const profileOf = async (email: string): Promise<Record<string, unknown>> => {
    const row = await t.sql.one<{ profile: string }>(
      'SELECT c.profile FROM customers c JOIN users u ON u.customer_key = c.key WHERE u.email = ?',
      [email],
    );
    if (!row) throw new Error(`no account for ${email}`);
    return JSON.parse(row.profile) as Record<string, unknown>;
  };

  it('keeps every tracking field of a sign-up', async () => {
    const email = uniqueEmail('tracked');
    expect((await signUp(t, email, TRACKING, visitor)).status).toBe(200);
    expect(await profileOf(email)).toMatchObject(TRACKING);
  });

  it('keeps none when the sign-up carries none', async () => {
    const email = uniqueEmail('untracked');
    expect((await signUp(t, email)).status).toBe(200);
    const profile = await profileOf(email);
    for (const name of Object.keys(TRACKING)) expect(profile).not.toHaveProperty(name);
  });

  it('keeps the tracking of a guest sign-in, hutk too, and the upgrade’s on top', async () => {
    const email = uniqueEmail('guest');
    const reCaptchaToken = await solveCaptcha(t.url);
    const signedIn = await run(t, 'guest_sign_in', { email, reCaptchaToken, ...TRACKING }, visitor);
    expect(signedIn.status).toBe(200);
    expect(await profileOf(email)).toMatchObject(TRACKING);

    const link = await latestLink(t, email, 'email_verification');
    const proven = await run(
      t,
      'verify_email_account',
      Object.fromEntries(link.searchParams.entries()),
      visitor,
    );
    const guest = loginAnswerSchema.parse(proven.body).token ?? '';
    const later = { utm_source: 'ads', utm_campaign: 'tulips' };
    const upgraded = await run(t, 'user_guest_upgrade', signUpFields(email, later), guest);
    expect(upgraded.status).toBe(200);
    expect(await profileOf(email)).toMatchObject({ ...TRACKING, ...later });
  });

  it('refuses a tracking value longer than 200 characters, writing nothing', async () => {
    const email = uniqueEmail('tracked');
    const answer = await signUp(t, email, { utm_campaign: 'x'.repeat(201) });
    expect(answer.status).toBe(400);
    expect(await t.sql.one('SELECT key FROM users WHERE email = ?', [email])).toBeUndefined();
  });
});
