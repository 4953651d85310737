import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '@stemline/shared';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { logInWith, run } from '../test-support/accounts';
import { openEventStream, type EventStreamReader } from '../test-support/event-stream';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { hashPassword } from './passwords';

/**
 * A login-as session holds only while its staff user is staff (auth/session-holds.ts). Its
 * event stream must end the moment that staff status does, not at the stream's next check: a
 * rep taken off the allow list, whose hunter flag is cleared or who is deactivated keeps no open
 * stream, neither of its own nor of any customer it logged in as.
 */
// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('event streams of staff whose staff status ends', { timeout: 30_000 }, () => {
  let t: TestServer;
  let admin = '';
  let staffCount = 0;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.login('manager@stemline.test');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const setAllowList = (users: string[], token = admin) =>
    t.post(
      '/api/update_model',
      { row_model: 'manager_admin', rows: [{ _KEY: 'admin_app', name: 'Admin app', users }] },
      token,
    );

  /** A new manager, a hunter or (on the allow list) an admin, logged in: its key and token. */
  const newStaff = async (kind: 'hunter' | 'listed'): Promise<{ key: string; token: string }> => {
    staffCount += 1;
    const key = `u-rep-${staffCount}`;
    const email = `rep-${staffCount}@stemline.test`;
    await t.sql.run(
      `INSERT INTO users (key, email, password_hash, first_name, last_name, role, flags, created_at)
       VALUES (?, ?, ?, 'Rep', 'Number', 'manager', ?, 0)`,
      [key, email, await hashPassword(DEMO_PASSWORD), kind === 'hunter' ? '{"hunter":true}' : '{}'],
    );
    if (kind === 'listed') expect((await setAllowList(['u-manager', key])).status).toBe(200);
    const token = loginAnswerSchema.parse((await logInWith(t, email, DEMO_PASSWORD)).body).token;
    if (!token) throw new Error(`${email} got no token`);
    return { key, token };
  };
  const streamUrl = (token: string) =>
    `${t.url}/api/sync/stream?access_token=${encodeURIComponent(token)}`;
  const open = async (token: string): Promise<EventStreamReader> => {
    const stream = await openEventStream(streamUrl(token));
    expect(stream.status).toBe(200);
    expect((await stream.next())?.event).toBe('hello');
    return stream;
  };
  /** A stream of the staff user acting as `customer` (login-as). */
  const openAs = async (staffToken: string, customer: string) => {
    const answer = await run(t, 'login_as_customer', { customer }, staffToken);
    expect(answer.status).toBe(200);
    const { token } = answer.body as { token: string };
    return { token, stream: await open(token) };
  };
  const poke = (customer: string) => t.server.context.changes.poke(customer, ['cart_lines']);
  const isPoke = (event: { event: string }) => event.event === 'poke';
  /** Ended by the server with `session_ended`, well before any timer of the stream runs. */
  const expectEnded = async (stream: EventStreamReader) => {
    expect(await stream.nextMatching((event) => !isPoke(event), 2_000)).toEqual({
      event: 'session_ended',
      data: {},
    });
    expect(await stream.next(500)).toBeNull();
    expect(stream.ended).toBe(true);
  };
  const expectOpen = async (stream: EventStreamReader, customer: string) => {
    poke(customer);
    expect(await stream.nextMatching(isPoke)).toEqual({
      event: 'poke',
      data: { collections: ['cart_lines'] },
    });
    expect(stream.ended).toBe(false);
  };

  it('a staff session opens no stream of its own to keep', async () => {
    const rep = await newStaff('hunter');
    expect((await openEventStream(streamUrl(rep.token))).status).toBe(403);
  });

  it('clearing a hunter’s flag ends the streams of every customer it logged in as, at once', async () => {
    const rep = await newStaff('hunter');
    const asBennett = await openAs(rep.token, 'c-bennett');
    const asBennettAgain = await openAs(rep.token, 'c-bennett');
    const asPark = await openAs(rep.token, 'c-park');
    const customersOwn = await open(await t.login('florist@stemline.test'));
    try {
      const cleared = await run(
        t,
        'sales_update_user',
        { user_key: rep.key, hunter: false },
        admin,
      );
      expect(cleared.status).toBe(200);
      await expectEnded(asBennett.stream);
      await expectEnded(asBennettAgain.stream);
      await expectEnded(asPark.stream);
      // The customer's own session is not the rep's: its stream goes on.
      await expectOpen(customersOwn, 'c-bennett');
      // Neither the rep nor a login-as token it kept opens a stream again.
      expect((await openEventStream(streamUrl(asBennett.token))).status).toBe(401);
      expect((await openEventStream(streamUrl(rep.token))).status).toBe(401);
    } finally {
      await Promise.all([asBennett, asBennettAgain, asPark].map(({ stream }) => stream.close()));
      await customersOwn.close();
    }
  });

  it('taking a manager off the allow list ends its login-as streams; one left on keeps them', async () => {
    const leaving = await newStaff('listed');
    const staying = await newStaff('listed');
    expect((await setAllowList(['u-manager', leaving.key, staying.key])).status).toBe(200);
    const left = await openAs(leaving.token, 'c-bennett');
    const kept = await openAs(staying.token, 'c-bennett');
    try {
      expect((await setAllowList(['u-manager', staying.key])).status).toBe(200);
      await expectEnded(left.stream);
      await expectOpen(kept.stream, 'c-bennett');
      expect((await openEventStream(streamUrl(left.token))).status).toBe(401);
    } finally {
      await left.stream.close();
      await kept.stream.close();
    }
  });

  it('deleting the allow list entry that names a manager ends them too', async () => {
    // Staff by this entry alone: no hunter flag, not on the admin entry.
    const rep = await newStaff('hunter');
    expect(
      (await run(t, 'sales_update_user', { user_key: rep.key, hunter: false }, admin)).status,
    ).toBe(200);
    expect(
      (
        await t.post(
          '/api/add_model',
          { row_model: 'manager_admin', rows: [{ _KEY: 'reps', name: 'Reps', users: [rep.key] }] },
          admin,
        )
      ).status,
    ).toBe(200);
    const token = loginAnswerSchema.parse(
      (await logInWith(t, `rep-${staffCount}@stemline.test`, DEMO_PASSWORD)).body,
    ).token;
    if (!token) throw new Error('the listed rep got no token');
    const asPark = await openAs(token, 'c-park');
    try {
      const deleted = await t.post(
        '/api/delete_model',
        { row_model: 'manager_admin', keys: ['reps'] },
        admin,
      );
      expect(deleted.body).toEqual({ success: true, deleted: 1 });
      await expectEnded(asPark.stream);
    } finally {
      await asPark.stream.close();
    }
  });

  it('deactivating a rep ends the streams of the customers it logged in as', async () => {
    const rep = await newStaff('hunter');
    const asPark = await openAs(rep.token, 'c-park');
    try {
      const answer = await run(t, 'sales_update_user', { user_key: rep.key, active: false }, admin);
      expect(answer.status).toBe(200);
      await expectEnded(asPark.stream);
    } finally {
      await asPark.stream.close();
    }
  });

  it('a refused change of who is staff ends no stream', async () => {
    const rep = await newStaff('hunter');
    const other = await newStaff('hunter');
    const asBennett = await openAs(rep.token, 'c-bennett');
    try {
      // A hunter may not take another hunter's flag, nor touch the allow list.
      const refused = await run(
        t,
        'sales_update_user',
        { user_key: rep.key, hunter: false },
        other.token,
      );
      expect(refused.status).toBe(403);
      expect((await setAllowList(['u-manager'], other.token)).status).toBe(403);
      await expectOpen(asBennett.stream, 'c-bennett');
    } finally {
      await asBennett.stream.close();
    }
  });
});
