import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, loginAnswerSchema, messages } from '@stemline/shared';
import { latestLink, logInWith, mailsTo, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('password reset', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const newAccount = async (): Promise<string> => {
    const email = uniqueEmail('reset');
    expect((await signUp(t, email)).status).toBe(200);
    return email;
  };
  const change = (body: Record<string, string>) => t.post('/api/request_change_password', body);

  it('forgot password → mailed link → new password → log in with it, and never the old one', async () => {
    const email = await newAccount();
    const forgot = await t.post('/api/forgot_password', { email });
    expect(forgot.body).toEqual({ success: true, error: null });
    const link = await latestLink(t, email, 'password_reset');
    expect(link.pathname).toBe('/shopping/home');
    expect(link.searchParams.has('change_password')).toBe(true);
    const userId = link.searchParams.get('user_id') ?? '';
    const code = link.searchParams.get('code') ?? '';
    const stored = (
      await t.sql.all<{ code_hash: string }>(
        'SELECT code_hash FROM password_resets WHERE user_key = ?',
        [userId],
      )
    ).map((row) => row.code_hash);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain(code);

    const answer = await change({ userId, code, password: 'peonies-in-june' });
    // The account's email, so the log-in that follows opens with it filled in.
    expect(answer.body).toEqual({ success: true, message: 'Password changed successfully', email });
    expect((await logInWith(t, email, 'peonies-in-june')).status).toBe(200);
    expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(401);
  });

  it('uses a code once: the second use, and older codes of the user, are refused', async () => {
    const email = await newAccount();
    await t.post('/api/forgot_password', { email });
    const older = await latestLink(t, email, 'password_reset');
    await t.post('/api/forgot_password', { email });
    const newer = await latestLink(t, email, 'password_reset');
    const params = (link: URL) => ({
      userId: link.searchParams.get('user_id') ?? '',
      code: link.searchParams.get('code') ?? '',
    });
    expect((await change({ ...params(newer), password: 'peonies-in-june' })).status).toBe(200);
    const again = await change({ ...params(newer), password: 'dahlias-in-august' });
    expect(again.body).toEqual({ success: false, message: accountMessages.resetLinkInvalid });
    const old = await change({ ...params(older), password: 'dahlias-in-august' });
    expect(old.status).toBe(400);
    expect((await logInWith(t, email, 'peonies-in-june')).status).toBe(200);
  });

  it('refuses an expired code (1 hour, server clock), a code for another user, and a made-up code', async () => {
    const email = await newAccount();
    const other = await newAccount();
    await t.post('/api/forgot_password', { email });
    const link = await latestLink(t, email, 'password_reset');
    const code = link.searchParams.get('code') ?? '';
    const otherUser =
      (await t.sql.one<{ key: string }>('SELECT key FROM users WHERE email = ?', [other]))?.key ??
      '';
    expect((await change({ userId: otherUser, code, password: 'peonies-in-june' })).status).toBe(
      400,
    );
    const userId = link.searchParams.get('user_id') ?? '';
    expect((await change({ userId, code: 'made-up', password: 'peonies-in-june' })).status).toBe(
      400,
    );
    t.clock.advance(61 * 60_000);
    const late = await change({ userId, code, password: 'peonies-in-june' });
    expect(late.body).toEqual({ success: false, message: accountMessages.resetLinkInvalid });
    expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
  });

  it('tells the account’s email only to the holder of its open code', async () => {
    const email = await newAccount();
    await t.post('/api/forgot_password', { email });
    const link = await latestLink(t, email, 'password_reset');
    const userId = link.searchParams.get('user_id') ?? '';
    const code = link.searchParams.get('code') ?? '';
    // Someone who has the user id (from a forwarded link, say) but not the code, or a spent one.
    const tries = [
      { userId, code: 'made-up-code', password: 'peonies-in-june' },
      { userId, code: code.slice(0, -1), password: 'peonies-in-june' },
      { userId, code, password: 'short' },
      { userId, code: '', password: 'peonies-in-june' },
    ];
    for (const body of tries) {
      const answer = await change(body);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain(email);
      expect(answer.body).not.toHaveProperty('email');
    }
    expect((await change({ userId, code, password: 'peonies-in-june' })).body).toMatchObject({
      email,
    });
    const spent = await change({ userId, code, password: 'dahlias-in-august' });
    expect(spent.body).toEqual({ success: false, message: accountMessages.resetLinkInvalid });
  });

  it.each([
    [{ userId: '', code: 'c', password: 'peonies-in-june' }, 'Missing parameters'],
    [{ code: 'c', password: 'peonies-in-june' }, 'Missing parameters'],
    [{ userId: 'u', code: 'c', password: '' }, 'Please write a password of 8 characters minimum'],
    [
      { userId: 'u', code: 'c', password: 'short' },
      'Please write a password of 8 characters minimum',
    ],
  ])('request_change_password %j → %s', async (body, message) => {
    const answer = await t.post('/api/request_change_password', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
  });

  it.each([
    ['', 400, 'Please use an email'],
    ['   ', 400, 'Please use an email'],
    ['not-an-email', 400, messages.invalidEmail],
  ])('forgot_password %j → %s', async (email, status, error) => {
    const answer = await t.post('/api/forgot_password', { email });
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ success: false, error });
  });

  it('answers an unknown email like a known one, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await t.post('/api/forgot_password', { email });
    expect(answer.body).toEqual({ success: true, error: null });
    expect(await mailsTo(t, email)).toEqual([]);
  });

  it('limits reset mails per account (5 an hour)', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i += 1) {
      expect((await t.post('/api/forgot_password', { email })).status).toBe(200);
    }
    const sixth = await t.post('/api/forgot_password', { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ success: false, error: accountMessages.tooManyRequests });
    expect((await mailsTo(t, email)).filter((mail) => mail.kind === 'password_reset')).toHaveLength(
      5,
    );
  });

  it('a signed-in user changes its own password with the current one', async () => {
    const email = await newAccount();
    const token =
      loginAnswerSchema.parse((await logInWith(t, email, 'tulips-in-spring')).body).token ?? '';
    const wrong = await t.post(
      '/api/security/change_password',
      { current_password: 'not-it', password: 'peonies-in-june' },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: accountMessages.wrongCurrentPassword });
    const short = await t.post(
      '/api/security/change_password',
      { current_password: 'tulips-in-spring', password: 'short' },
      token,
    );
    expect(short.body).toMatchObject({ error: accountMessages.passwordMinimum });
    const ok = await t.post(
      '/api/security/change_password',
      { current_password: 'tulips-in-spring', password: 'peonies-in-june' },
      token,
    );
    // The answer also carries a fresh token (password-sessions.sqlite.test.ts).
    expect(ok.body).toMatchObject({ success: true, message: 'Password changed successfully' });
    expect((await logInWith(t, email, 'peonies-in-june')).status).toBe(200);
  });
});
