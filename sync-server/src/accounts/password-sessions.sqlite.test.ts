import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  changePasswordAnswerSchema,
  loginAnswerSchema,
  validateAnswerSchema,
} from '@stemline/shared';
import { signToken } from '../auth/tokens';
import { openEventStream } from '../test-support/event-stream';
import { latestLink, logInWith, run, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * A password change (signed in, or through the reset link) ends every other session of the
 * user at once; the session that changed it gets a fresh token and stays signed in.
 */
// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('a password change ends the user’s other sessions', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const newAccount = async (): Promise<string> => {
    const email = uniqueEmail('sessions');
    expect((await signUp(t, email)).status).toBe(200);
    return email;
  };
  const tokenOf = async (email: string, password = 'tulips-in-spring'): Promise<string> => {
    const token = loginAnswerSchema.parse((await logInWith(t, email, password)).body).token;
    if (!token) throw new Error(`no token for ${email}`);
    return token;
  };
  /** Whether a token still reaches a protected call (and the validate call agrees). */
  const holds = async (token: string): Promise<boolean> => {
    const listed = await run(t, 'list_user', {}, token);
    const validated = await t.get(`/api/security/validate?token=${encodeURIComponent(token)}`);
    expect(validated.status === 200).toBe(listed.status === 200);
    if (listed.status !== 200) expect(listed.status).toBe(401);
    return listed.status === 200;
  };
  const changeOwn = (token: string, current_password: string, password: string) =>
    t.post('/api/security/change_password', { current_password, password }, token);

  it('change_password: the other devices are signed out, the changing one gets a fresh token', async () => {
    const email = await newAccount();
    const here = await tokenOf(email);
    const otherDevice = await tokenOf(email);
    expect(await holds(otherDevice)).toBe(true);

    const answer = await changeOwn(here, 'tulips-in-spring', 'peonies-in-june');
    expect(answer.status).toBe(200);
    const changed = changePasswordAnswerSchema.parse(answer.body);
    expect(changed).toMatchObject({ success: true, message: 'Password changed successfully' });
    expect(changed.user?.email).toBe(email);
    const fresh = changed.token ?? '';

    expect(await holds(otherDevice)).toBe(false);
    expect(await holds(here)).toBe(false);
    expect(await holds(fresh)).toBe(true);
    const validated = validateAnswerSchema.parse(
      (await t.get(`/api/security/validate?token=${encodeURIComponent(fresh)}`)).body,
    );
    expect(validated.user?.email).toBe(email);

    // A second change from the fresh session works and ends the first fresh one in turn.
    const again = changePasswordAnswerSchema.parse(
      (await changeOwn(fresh, 'peonies-in-june', 'dahlias-in-august')).body,
    );
    expect(await holds(fresh)).toBe(false);
    expect(await holds(again.token ?? '')).toBe(true);
    expect((await logInWith(t, email, 'dahlias-in-august')).status).toBe(200);
  });

  it('the ended sessions’ open event streams say so and end at once; other streams stay open', async () => {
    const email = await newAccount();
    const here = await tokenOf(email);
    const otherDevice = await tokenOf(email);
    const someoneElse = await tokenOf(await newAccount());
    const open = (token: string) =>
      openEventStream(`${t.url}/api/sync/stream?access_token=${encodeURIComponent(token)}`);
    const ending = await open(otherDevice);
    const unrelated = await open(someoneElse);
    // The changing device's own stream lasts until its new token (in the answer) replaces it.
    const changer = await open(here);
    try {
      expect((await ending.next())?.event).toBe('hello');
      expect((await unrelated.next())?.event).toBe('hello');
      expect((await changer.next())?.event).toBe('hello');

      const answer = await changeOwn(here, 'tulips-in-spring', 'peonies-in-june');
      const fresh = changePasswordAnswerSchema.parse(answer.body).token ?? '';
      expect(await ending.next()).toEqual({ event: 'session_ended', data: {} });
      expect(await ending.next(1_000)).toBeNull();
      expect(ending.ended).toBe(true);

      // The changing device's new token opens a stream that a later change of someone else's
      // password, or nothing at all, leaves alone.
      const renewed = await open(fresh);
      try {
        expect((await renewed.next())?.event).toBe('hello');
        expect(await unrelated.next(300)).toBeNull();
        expect(unrelated.ended).toBe(false);
        expect(await changer.next(300)).toBeNull();
        expect(changer.ended).toBe(false);
        expect(renewed.ended).toBe(false);
      } finally {
        await renewed.close();
      }
    } finally {
      await ending.close();
      await unrelated.close();
      await changer.close();
    }
  });

  it('a refused change (wrong current password, too short, hostile body) ends no session and keeps the password', async () => {
    const email = await newAccount();
    const here = await tokenOf(email);
    const other = await tokenOf(email);
    const refused: [unknown, number][] = [
      [{ current_password: 'not-it', password: 'peonies-in-june' }, 400],
      [{ current_password: 'tulips-in-spring', password: 'short' }, 400],
      [{ current_password: 'tulips-in-spring', password: 'p'.repeat(201) }, 400],
      [{ current_password: '', password: 'peonies-in-june' }, 400],
      [{ password: 'peonies-in-june' }, 400],
      [{ current_password: ['tulips-in-spring'], password: 'peonies-in-june' }, 400],
      [{ current_password: 'tulips-in-spring', password: { $ne: '' } }, 400],
      ['tulips-in-spring', 400],
    ];
    for (const [body, status] of refused) {
      const answer = await t.post('/api/security/change_password', body, here);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ success: false });
    }
    const wrong = await changeOwn(here, 'not-it', 'peonies-in-june');
    expect(wrong.body).toMatchObject({ error: accountMessages.wrongCurrentPassword });
    expect(await holds(here)).toBe(true);
    expect(await holds(other)).toBe(true);
    expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
  });

  it('visitors’ public tokens and tokens of another secret cannot change a password', async () => {
    const email = await newAccount();
    const publicToken = (await t.get('/api/security/public_token')).body.token as string;
    expect((await changeOwn(publicToken, 'tulips-in-spring', 'peonies-in-june')).status).toBe(403);
    const stored = await t.sql.one<{ key: string; customer_key: string }>(
      'SELECT key, customer_key FROM users WHERE email = ?',
      [email],
    );
    if (!stored) throw new Error(`no user ${email}`);
    // A forged token claiming a newer token version is refused by its signature first.
    const forged = signToken('not-the-server-secret', {
      sub: stored.key,
      customer: stored.customer_key,
      role: 'florist',
      tv: 1,
    });
    expect((await changeOwn(forged, 'tulips-in-spring', 'peonies-in-june')).status).toBe(401);
    expect((await logInWith(t, email, 'tulips-in-spring')).status).toBe(200);
  });

  it('a token signed with a version the user does not have (ahead or behind) is refused', async () => {
    const email = await newAccount();
    const stored = await t.sql.one<{ key: string; customer_key: string }>(
      'SELECT key, customer_key FROM users WHERE email = ?',
      [email],
    );
    if (!stored) throw new Error(`no user ${email}`);
    const claims = { sub: stored.key, customer: stored.customer_key, role: 'florist' as const };
    const secret = t.server.context.jwtSecret;
    expect(await holds(signToken(secret, claims))).toBe(true);
    expect(await holds(signToken(secret, { ...claims, tv: 3 }))).toBe(false);
    await t.sql.run('UPDATE users SET token_version = 2 WHERE key = ?', [stored.key]);
    expect(await holds(signToken(secret, claims))).toBe(false);
    expect(await holds(signToken(secret, { ...claims, tv: 2 }))).toBe(true);
  });

  it('the reset link: setting a new password signs out every session of the user', async () => {
    const email = await newAccount();
    const before = await tokenOf(email);
    const stream = await openEventStream(
      `${t.url}/api/sync/stream?access_token=${encodeURIComponent(before)}`,
    );
    await t.post('/api/forgot_password', { email });
    const link = await latestLink(t, email, 'password_reset');
    const answer = await t.post('/api/request_change_password', {
      userId: link.searchParams.get('user_id') ?? '',
      code: link.searchParams.get('code') ?? '',
      password: 'peonies-in-june',
    });
    expect(answer.body).toEqual({ success: true, message: 'Password changed successfully', email });
    try {
      expect((await stream.next())?.event).toBe('hello');
      expect(await stream.next()).toEqual({ event: 'session_ended', data: {} });
      expect(await stream.next(1_000)).toBeNull();
      expect(stream.ended).toBe(true);
    } finally {
      await stream.close();
    }
    expect(await holds(before)).toBe(false);
    expect(await holds(await tokenOf(email, 'peonies-in-june'))).toBe(true);
  });

  it('a refused reset (wrong code) signs nobody out', async () => {
    const email = await newAccount();
    const before = await tokenOf(email);
    await t.post('/api/forgot_password', { email });
    const link = await latestLink(t, email, 'password_reset');
    const answer = await t.post('/api/request_change_password', {
      userId: link.searchParams.get('user_id') ?? '',
      code: 'not-the-code',
      password: 'peonies-in-june',
    });
    expect(answer.status).toBe(400);
    expect(await holds(before)).toBe(true);
  });

  it('other users of the same customer keep their sessions', async () => {
    const email = await newAccount();
    const owner = await tokenOf(email);
    const colleagueEmail = uniqueEmail('colleague');
    const added = await run(
      t,
      'add_user',
      { email: colleagueEmail, first_name: 'Leo', last_name: 'Diaz', password: 'carnations-22' },
      owner,
    );
    expect(added.status).toBe(200);
    const colleague = await tokenOf(colleagueEmail, 'carnations-22');
    await changeOwn(owner, 'tulips-in-spring', 'peonies-in-june');
    expect(await holds(colleague)).toBe(true);
  });
});
