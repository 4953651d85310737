import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, messages } from '@stemline/shared';
import {
  LOGIN_BACKOFF_ACCOUNT,
  LOGIN_BACKOFF_ACCOUNT_CLIENT,
  LOGIN_BACKOFF_DEVICE,
} from '../rate-limit/login-backoff';
import { solveCaptcha } from '../test-support/captcha';
import { signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DEVICE_COOKIE } from './device-cookie';

const PASSWORD = 'tulips-in-spring';

interface Attempt {
  status: number;
  body: { success: boolean; token: string | null; error: string | null };
  retryAfter: string | undefined;
  /** The known-device cookie the answer set, as a Cookie header value. */
  deviceCookie: string | undefined;
}

/**
 * Issue 21 point 4, tried as an attacker would: wrong passwords from other clients (each a
 * different loopback source address, 127.0.0.x, which the server sees as the socket's peer)
 * slow the attacker down, never lock the owner's known device out, and answer an unknown email
 * exactly as a registered one.
 */
// Each try solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('log-in back-off', { timeout: 120_000 }, () => {
  let t: TestServer;
  let nextClient = 10;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  /** A client of its own: a fresh loopback source address. */
  const newClient = (): string => `127.0.0.${(nextClient += 1)}`;

  /** GET /api/security/login from `client` with a freshly solved captcha (and a cookie). */
  const logIn = async (
    client: string,
    email: string,
    password: string,
    cookie?: string,
  ): Promise<Attempt> => {
    const reCaptchaToken = await solveCaptcha(t.url);
    const query = new URLSearchParams({ email, password, reCaptchaToken }).toString();
    const port = Number(new URL(t.url).port);
    return new Promise((resolve, reject) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/security/login?${query}`,
          localAddress: client,
          headers: cookie ? { Cookie: cookie } : {},
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            const setCookie = (response.headers['set-cookie'] ?? []).find((entry) =>
              entry.startsWith(`${DEVICE_COOKIE}=`),
            );
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(text) as Attempt['body'],
              retryAfter: response.headers['retry-after'],
              deviceCookie: setCookie?.split(';')[0],
            });
          });
        },
      );
      request.on('error', reject);
    });
  };
  const newOwner = async () => {
    const email = uniqueEmail('owner');
    expect((await signUp(t, email)).status).toBe(200);
    const device = newClient();
    const first = await logIn(device, email, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.deviceCookie).toBeDefined();
    return { email, device, cookie: first.deviceCookie ?? '' };
  };
  /** Wrong passwords from `client` until the server makes it wait; answers the tries made. */
  const hammer = async (client: string, email: string, tries: number): Promise<Attempt[]> => {
    const attempts: Attempt[] = [];
    for (let i = 0; i < tries; i += 1) attempts.push(await logIn(client, email, `guess-${i}`));
    return attempts;
  };

  it('sets the known-device cookie HttpOnly, SameSite=Strict, for the API only', async () => {
    const email = uniqueEmail('cookie');
    await signUp(t, email);
    const reCaptchaToken = await solveCaptcha(t.url);
    const answer = await fetch(
      `${t.url}/api/security/login?${new URLSearchParams({ email, password: PASSWORD, reCaptchaToken }).toString()}`,
    );
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${DEVICE_COOKIE}=`);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=strict');
    expect(cookie).toContain('path=/api');
  });

  it('an attacker hammering from another client waits longer and longer; the owner’s known device signs in at once', async () => {
    const owner = await newOwner();
    const attacker = newClient();
    const free = await hammer(attacker, owner.email, LOGIN_BACKOFF_ACCOUNT_CLIENT.free);
    expect(free.map((attempt) => attempt.status)).toEqual(
      Array<number>(LOGIN_BACKOFF_ACCOUNT_CLIENT.free).fill(401),
    );
    // The sixth try — even with the right password — waits 1 s, then 2 s, 4 s…
    const waits: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await logIn(attacker, owner.email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        success: false,
        token: null,
        user: null,
        error: accountMessages.tooManyAttempts(Number(refused.retryAfter) * 1000),
      });
      waits.push(refused.retryAfter ?? '');
      t.clock.advance(Number(refused.retryAfter) * 1000);
      expect((await logIn(attacker, owner.email, 'still-wrong')).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4']);

    const signedIn = await logIn(owner.device, owner.email, PASSWORD, owner.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeTruthy();
    // The owner on a new device is not held either: the attacker's tries count against the
    // attacker's own client, and the account-wide limit is far off.
    expect((await logIn(newClient(), owner.email, PASSWORD)).status).toBe(200);
  });

  it('many attacking clients make unknown devices wait, but the owner’s known device still signs in', async () => {
    const owner = await newOwner();
    const perClient = LOGIN_BACKOFF_ACCOUNT_CLIENT.free;
    for (let failures = 0; failures < LOGIN_BACKOFF_ACCOUNT.free; failures += perClient) {
      const statuses = (await hammer(newClient(), owner.email, perClient)).map((a) => a.status);
      expect(statuses).toEqual(Array<number>(perClient).fill(401));
    }
    const unknownDevice = await logIn(newClient(), owner.email, PASSWORD);
    expect(unknownDevice.status).toBe(429);
    // Another account's device cookie does not count as known for this one.
    const other = await newOwner();
    expect((await logIn(other.device, owner.email, PASSWORD, other.cookie)).status).toBe(429);
    // A tampered cookie is ignored.
    const [name, value = ''] = owner.cookie.split('=');
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await logIn(newClient(), owner.email, PASSWORD, tampered)).status).toBe(429);

    const known = await logIn(newClient(), owner.email, PASSWORD, owner.cookie);
    expect(known.status).toBe(200);
  });

  it('a known device keeps a back-off of its own', async () => {
    const owner = await newOwner();
    const statuses = [];
    for (let i = 0; i < LOGIN_BACKOFF_DEVICE.free; i += 1) {
      statuses.push((await logIn(owner.device, owner.email, `typo-${i}`, owner.cookie)).status);
    }
    expect(statuses).toEqual(Array<number>(LOGIN_BACKOFF_DEVICE.free).fill(401));
    const held = await logIn(owner.device, owner.email, PASSWORD, owner.cookie);
    expect(held.status).toBe(429);
    t.clock.advance(Number(held.retryAfter) * 1000);
    expect((await logIn(owner.device, owner.email, PASSWORD, owner.cookie)).status).toBe(200);
  });

  it('answers an unknown email exactly as a registered one, try after try', async () => {
    const owner = await newOwner();
    const unknown = uniqueEmail('nobody');
    const [knownClient, unknownClient] = [newClient(), newClient()];
    const shape = (attempt: Attempt) => ({
      status: attempt.status,
      body: attempt.body,
      retryAfter: attempt.retryAfter,
      setsCookie: attempt.deviceCookie !== undefined,
    });
    for (let i = 0; i < LOGIN_BACKOFF_ACCOUNT_CLIENT.free + 3; i += 1) {
      const known = shape(await logIn(knownClient, owner.email, `guess-${i}`));
      const nobody = shape(await logIn(unknownClient, unknown, `guess-${i}`));
      expect(nobody, `try ${i + 1}`).toEqual(known);
      if (known.status === 401) expect(known.body.error).toBe(messages.wrongPassword);
      if (known.retryAfter) t.clock.advance(Number(known.retryAfter) * 1000);
    }
  });
});
