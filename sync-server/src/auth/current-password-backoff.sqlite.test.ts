import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, loginAnswerSchema } from '@stemline/shared';
import { LOGIN_BACKOFF_ACCOUNT_CLIENT } from '../rate-limit/login-backoff';
import { solveCaptcha } from '../test-support/captcha';
import { signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

const PASSWORD = 'tulips-in-spring';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
}

/**
 * An attacker holding a stolen session guesses the account's password where a signed-in user
 * gives it again: `change_password` and `update_user_customer_email` (one's own email). Each
 * wrong guess counts against the log-in back-offs (rate-limit/login-backoff.ts) as a wrong
 * log-in does, so the guesses there and at log-in add up, and the same 429 says how long to
 * wait; the owner's right password clears the count as a log-in does. Each test is a client of
 * its own (a loopback source address), so the client-wide back-off of one does not reach another.
 */
describe('current-password guesses under the log-in back-off', { timeout: 120_000 }, () => {
  let t: TestServer;
  let nextClient = 100;
  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const newClient = (): string => `127.0.0.${(nextClient += 1)}`;

  /** A request from `client` (its source address), with a bearer token and a JSON body. */
  const send = (
    client: string,
    method: 'GET' | 'POST',
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<Answer> => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: Number(new URL(t.url).port),
          method,
          path,
          localAddress: client,
          headers: {
            ...(token && { Authorization: `Bearer ${token}` }),
            ...(text !== undefined && { 'Content-Type': 'application/json' }),
          },
        },
        (response) => {
          let received = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (received += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(received) as Record<string, unknown>,
              retryAfter: response.headers['retry-after'],
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(text);
    });
  };

  const logIn = async (client: string, email: string, password: string) => {
    const reCaptchaToken = await solveCaptcha(t.url);
    const query = new URLSearchParams({ email, password, reCaptchaToken }).toString();
    return send(client, 'GET', `/api/security/login?${query}`);
  };
  /** A fresh customer and a session of it: the session the attacker stole. */
  const victim = async () => {
    const email = uniqueEmail('victim');
    const answer = loginAnswerSchema.parse((await signUp(t, email)).body);
    return { email, token: answer.token ?? '' };
  };

  /** The two places a session gives the password again, each as one guess. */
  const guesses = {
    change_password: (client: string, token: string, password: string) =>
      send(client, 'POST', '/api/security/change_password', token, {
        current_password: password,
        password: 'attacker-chosen-1',
      }),
    update_user_customer_email: (client: string, token: string, password: string) =>
      send(client, 'POST', '/api/cs/run', token, {
        key: 'update_user_customer_email',
        params: { email: uniqueEmail('thief'), current_password: password },
      }),
  };

  describe.each(Object.entries(guesses))('%s', (_name, guess) => {
    it('makes a stolen session wait after the free guesses, as log-in does, even for the right password', async () => {
      const target = await victim();
      const attacker = newClient();
      const free = [];
      for (let i = 0; i < LOGIN_BACKOFF_ACCOUNT_CLIENT.free; i += 1) {
        free.push(await guess(attacker, target.token, `guess-${i}`));
      }
      expect(free.map((answer) => [answer.status, answer.body.error])).toEqual(
        Array(LOGIN_BACKOFF_ACCOUNT_CLIENT.free).fill([400, accountMessages.wrongCurrentPassword]),
      );

      const held = await guess(attacker, target.token, PASSWORD);
      expect(held.status).toBe(429);
      expect(held.retryAfter).toBe('1');
      expect(held.body).toMatchObject({
        success: false,
        error: accountMessages.tooManyAttempts(1000),
      });
      // The same count as log-in's: the attacker's log-in from that client waits too, alike.
      const login = await logIn(attacker, target.email, PASSWORD);
      expect(login.status).toBe(429);
      expect(login.body.error).toBe(held.body.error);
      // Nothing changed: the owner still signs in with the password from elsewhere.
      expect((await logIn(newClient(), target.email, PASSWORD)).status).toBe(200);

      // After the wait, the next wrong guess doubles it.
      t.clock.advance(1000);
      expect((await guess(attacker, target.token, 'still-wrong')).status).toBe(400);
      const longer = await guess(attacker, target.token, 'again');
      expect(longer.status).toBe(429);
      expect(longer.retryAfter).toBe('2');
    });

    it('counts wrong log-ins and wrong current passwords together', async () => {
      const target = await victim();
      const attacker = newClient();
      for (let i = 0; i < LOGIN_BACKOFF_ACCOUNT_CLIENT.free; i += 1) {
        expect((await logIn(attacker, target.email, `guess-${i}`)).status).toBe(401);
      }
      const held = await guess(attacker, target.token, 'one-more');
      expect(held.status).toBe(429);
      expect(held.body.error).toBe(accountMessages.tooManyAttempts(1000));
    });

    it('the right password clears the count, as a log-in does', async () => {
      const target = await victim();
      const owner = newClient();
      for (let i = 0; i < LOGIN_BACKOFF_ACCOUNT_CLIENT.free - 1; i += 1) {
        expect((await guess(owner, target.token, `typo-${i}`)).status).toBe(400);
      }
      const right = await guess(owner, target.token, PASSWORD);
      expect(right.status).toBe(200);
      const token = String(right.body.token);
      // Free tries again from the start: were the typos still counted, the second would wait.
      expect((await guess(owner, token, 'typo-again')).status).toBe(400);
      expect((await guess(owner, token, 'typo-again-2')).status).toBe(400);
    });
  });
});
