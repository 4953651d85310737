import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordAnswerSchema, loginAnswerSchema } from '@stemline/shared';
import { openEventStream, type EventStreamReader } from '../test-support/event-stream';
import { logInWith, run, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from './tokens';

/**
 * Issue 21 point 3: an event stream opened with a session's token ends the moment that session
 * does (logout, password change, deactivation, expiry), and hears no poke after it.
 */
// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('open event streams end with their session', { timeout: 30_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const newAccount = async (): Promise<{ email: string; customer: string; user: string }> => {
    const email = uniqueEmail('streams');
    expect((await signUp(t, email)).status).toBe(200);
    const row = await t.sql.one<{ key: string; customer_key: string }>(
      'SELECT key, customer_key FROM users WHERE email = ?',
      [email],
    );
    if (!row) throw new Error(`no user ${email}`);
    return { email, customer: row.customer_key, user: row.key };
  };
  const tokenOf = async (email: string): Promise<string> => {
    const token = loginAnswerSchema.parse(
      (await logInWith(t, email, 'tulips-in-spring')).body,
    ).token;
    if (!token) throw new Error(`no token for ${email}`);
    return token;
  };
  const open = async (token: string): Promise<EventStreamReader> => {
    const stream = await openEventStream(
      `${t.url}/api/sync/stream?access_token=${encodeURIComponent(token)}`,
    );
    expect((await stream.next())?.event).toBe('hello');
    return stream;
  };
  /** A change of the customer's data, told to its streams as every write does. */
  const poke = (customer: string) => t.server.context.changes.poke(customer, ['cart_lines']);
  const expectEnded = async (stream: EventStreamReader) => {
    expect(await stream.next()).toEqual({ event: 'session_ended', data: {} });
    expect(await stream.next(500)).toBeNull();
    expect(stream.ended).toBe(true);
  };
  const expectPoked = async (stream: EventStreamReader) => {
    expect(await stream.next()).toEqual({ event: 'poke', data: { collections: ['cart_lines'] } });
    expect(stream.ended).toBe(false);
  };

  it('logout ends the streams of that session at once; the same user’s other device keeps its stream', async () => {
    const account = await newAccount();
    const loggingOut = await tokenOf(account.email);
    const otherDevice = await tokenOf(account.email);
    const ending = await open(loggingOut);
    const secondTab = await open(loggingOut);
    const staying = await open(otherDevice);
    try {
      const answer = await t.request('/api/security/logout', {
        method: 'POST',
        token: loggingOut,
      });
      expect(answer.body).toEqual({ success: true });
      await expectEnded(ending);
      await expectEnded(secondTab);
      poke(account.customer);
      await expectPoked(staying);
      expect(ending.ended && secondTab.ended).toBe(true);
      // The logged-out token cannot open a new one.
      const reopened = await openEventStream(
        `${t.url}/api/sync/stream?access_token=${encodeURIComponent(loggingOut)}`,
      );
      expect(reopened.status).toBe(401);
      await reopened.close();
    } finally {
      await Promise.all([ending.close(), secondTab.close(), staying.close()]);
    }
  });

  it('a logout with a bad or foreign token ends no stream', async () => {
    const account = await newAccount();
    const stream = await open(await tokenOf(account.email));
    try {
      await t.request('/api/security/logout', { method: 'POST', token: 'not-a-token' });
      const someoneElse = await tokenOf((await newAccount()).email);
      await t.request('/api/security/logout', { method: 'POST', token: someoneElse });
      poke(account.customer);
      await expectPoked(stream);
    } finally {
      await stream.close();
    }
  });

  it('a password change ends the other sessions’ streams, which hear no later poke', async () => {
    const account = await newAccount();
    const changing = await tokenOf(account.email);
    const other = await open(await tokenOf(account.email));
    try {
      const answer = await t.post(
        '/api/security/change_password',
        { current_password: 'tulips-in-spring', password: 'peonies-in-june' },
        changing,
      );
      expect(changePasswordAnswerSchema.parse(answer.body).success).toBe(true);
      await expectEnded(other);
      poke(account.customer);
      expect(await other.next(300)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('deactivation by staff (sales_update_user) ends every stream of the user', async () => {
    const account = await newAccount();
    const streams = [
      await open(await tokenOf(account.email)),
      await open(await tokenOf(account.email)),
    ];
    try {
      const staff = await t.login('manager@stemline.test');
      const answer = await run(
        t,
        'sales_update_user',
        { user_key: account.user, active: false },
        staff,
      );
      expect(answer.status).toBe(200);
      for (const stream of streams) await expectEnded(stream);
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });

  it('deactivation by the customer’s main user (update_user) ends the colleague’s streams only', async () => {
    const account = await newAccount();
    const owner = await tokenOf(account.email);
    const colleagueEmail = uniqueEmail('colleague');
    const added = await run(
      t,
      'add_user',
      { email: colleagueEmail, first_name: 'Leo', last_name: 'Diaz', password: 'carnations-22' },
      owner,
    );
    expect(added.status).toBe(200);
    const colleagueKey = (added.body as { user: { key: string } }).user.key;
    const colleagueToken = loginAnswerSchema.parse(
      (await logInWith(t, colleagueEmail, 'carnations-22')).body,
    ).token;
    const colleague = await open(colleagueToken ?? '');
    const ownStream = await open(owner);
    try {
      const answer = await run(t, 'update_user', { user_key: colleagueKey, active: false }, owner);
      expect(answer.status).toBe(200);
      await expectEnded(colleague);
      poke(account.customer);
      await expectPoked(ownStream);
    } finally {
      await Promise.all([colleague.close(), ownStream.close()]);
    }
  });

  it('a stream whose token expired by the server clock ends instead of passing on a poke', async () => {
    const account = await newAccount();
    const token = await tokenOf(account.email);
    const expiresAtMs = (verifyToken(t.server.context.jwtSecret, token)?.exp ?? 0) * 1000;
    const stream = await open(token);
    // A session of the same user signed to last a day longer.
    const longer = signToken(
      t.server.context.jwtSecret,
      { sub: account.user, customer: account.customer, role: 'florist' },
      TOKEN_LIFETIME_SECONDS + 24 * 3600,
    );
    const fresh = await open(longer);
    const start = t.clock.now;
    try {
      poke(account.customer);
      await expectPoked(stream);
      await expectPoked(fresh);
      t.clock.advance(expiresAtMs - t.clock.now);
      poke(account.customer);
      await expectEnded(stream);
      // The session that expires later still hears it.
      await expectPoked(fresh);
    } finally {
      t.clock.advance(start - t.clock.now);
      await Promise.all([stream.close(), fresh.close()]);
    }
  });
});
