import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { latestLink, mailsTo, publicToken, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** An IPv4 address of this machine that is not loopback, when it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

const resetLinkPattern = /http:\/\/\S+\/shopping\/home\?change_password&user_id=\S+&code=\S+/;

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('mail outbox and dev mailbox', { timeout: 30_000 }, () => {
  describe('with the default settings (no DEV_MAILBOX, no SMTP_URL)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ env: { DEV_MAILBOX: undefined } });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('answers a stranger asking for a victim’s reset mail with the 404 of an unknown call, even from loopback', async () => {
      const email = uniqueEmail('victim');
      await signUp(t, email);
      expect((await t.post('/api/forgot_password', { email })).status).toBe(200);
      // What a caller with a visitor's token hears for a call that does not exist.
      const unknownCall = await t.get('/api/dev/no-such-call', await publicToken(t));
      for (const path of [
        `/api/dev/mailbox?to=${encodeURIComponent(email)}`,
        '/api/dev/mailbox',
        '/api/dev/mailbox/',
      ]) {
        const answer = await t.request(path, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toEqual(unknownCall.body);
        expect(JSON.stringify(answer.body)).not.toContain('change_password');
      }
      const config = await t.get('/api/security/client_config');
      expect(config.body).toMatchObject({ dev_mailbox: false });
    });

    it('prints each mail’s recipient, subject and link to the console, and that link resets the password', async () => {
      const email = uniqueEmail('console');
      await signUp(t, email);
      const printed: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
      expect((await t.post('/api/forgot_password', { email })).status).toBe(200);
      vi.restoreAllMocks();

      const line = printed.find((entry) => entry.includes(email));
      expect(line).toContain(`mail to ${email}`);
      expect(line).toContain('Create your new Stemline password');
      const link = new URL(resetLinkPattern.exec(line ?? '')?.[0] ?? 'http://missing/');
      expect(link.origin).toBe(t.url);
      const changed = await t.post('/api/request_change_password', {
        userId: link.searchParams.get('user_id') ?? '',
        code: link.searchParams.get('code') ?? '',
        password: 'peonies-in-june',
      });
      expect(changed.body).toEqual({
        success: true,
        message: 'Password changed successfully',
        email,
      });
    });
  });

  describe('DEV_MAILBOX=1', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ env: { DEV_MAILBOX: '1', HOST: '0.0.0.0' } });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });
    const port = () => new URL(t.url).port;

    it('lists mail newest first to a loopback client, without needing a token', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      await t.post('/api/forgot_password', { email });
      await t.post('/api/forgot_password', { email });
      const local = await fetch(
        `http://127.0.0.1:${port()}/api/dev/mailbox?to=${encodeURIComponent(email)}`,
      );
      expect(local.status).toBe(200);
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(2);
      expect(mails[0]?.id).toBeGreaterThan(mails[1]?.id ?? 0);
      expect(mails[0]?.sent_at).toBeNull();
    });

    it.skipIf(outsideAddress === undefined)(
      'answers 404 to a client on another interface, whatever X-Forwarded-For or Host it claims',
      async () => {
        const email = uniqueEmail('victim');
        await signUp(t, email);
        await t.post('/api/forgot_password', { email });
        const outside = `http://${outsideAddress}:${port()}`;
        const unknownCall = await fetch(`${outside}/api/dev/no-such-call`, {
          headers: { Authorization: `Bearer ${await publicToken(t)}` },
        });
        const unknownBody = await unknownCall.json();
        for (const headers of [
          {},
          { 'X-Forwarded-For': '127.0.0.1' },
          { 'X-Forwarded-For': '::1', 'X-Real-IP': '127.0.0.1', Forwarded: 'for=127.0.0.1' },
          { Host: `localhost:${port()}` },
        ]) {
          const answer = await fetch(`${outside}/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
            headers,
          });
          expect(answer.status, JSON.stringify(headers)).toBe(404);
          expect(await answer.json()).toEqual(unknownBody);
        }
        const config = await fetch(`${outside}/api/security/client_config`);
        expect(await config.json()).toMatchObject({ dev_mailbox: false });
        // The same server still serves its own machine.
        expect((await mailsTo(t, email))[0]?.to).toBe(email);
      },
    );

    it('links point at this server, whatever Host header the request claims', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      await t.request('/api/forgot_password', {
        json: { email },
        headers: { Host: 'evil.example' },
      });
      const link = await latestLink(t, email, 'password_reset');
      expect(link.origin).toBe(`http://localhost:${port()}`);
    });
  });

  describe('DEV_MAILBOX=1 behind a reverse proxy on this machine', () => {
    // The proxy connects over loopback for every stranger it serves.
    let direct: TestServer;
    let proxied: TestServer;
    beforeAll(async () => {
      direct = await startTestServer({ env: { DEV_MAILBOX: '1' } });
      proxied = await startTestServer({ env: { DEV_MAILBOX: '1', TRUSTED_PROXY_HOPS: '1' } });
    }, 30_000);
    afterAll(async () => {
      await direct.stop();
      await proxied.stop();
    });

    it('answers 404 to a request a proxy passed on, and shows its own machine the mail', async () => {
      const email = uniqueEmail('victim');
      await signUp(direct, email);
      await direct.post('/api/forgot_password', { email });
      const path = `/api/dev/mailbox?to=${encodeURIComponent(email)}`;
      for (const headers of [
        { 'X-Forwarded-For': '203.0.113.9' },
        { Forwarded: 'for=203.0.113.9;proto=https' },
        { 'X-Real-IP': '203.0.113.9' },
        { Via: '1.1 edge-proxy' },
      ]) {
        const answer = await direct.request(path, { headers });
        expect(answer.status, JSON.stringify(headers)).toBe(404);
        expect(JSON.stringify(answer.body)).not.toContain('change_password');
        const config = await direct.request('/api/security/client_config', { headers });
        expect(config.body).toMatchObject({ dev_mailbox: false });
      }
      expect((await direct.get(path)).status).toBe(200);
    });

    it('answers 404 to every request when the operator says a proxy stands in front', async () => {
      const email = uniqueEmail('victim');
      await signUp(proxied, email);
      await proxied.post('/api/forgot_password', { email });
      const answer = await proxied.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('change_password');
    });
  });

  describe('DEV_MAILBOX=0, PUBLIC_URL and a failing SMTP server', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({
        env: {
          DEV_MAILBOX: '0',
          PUBLIC_URL: 'https://shop.stemline.example/',
          SMTP_URL: 'smtp://127.0.0.1:9',
        },
      });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });

    it('hides the mailbox', async () => {
      const answer = await t.get('/api/dev/mailbox');
      expect(answer.status).toBe(404);
      const config = await t.get('/api/security/client_config');
      expect(config.body).toMatchObject({ dev_mailbox: false });
    });

    it('still answers the request, keeps the mail in the outbox with the SMTP error, and links to PUBLIC_URL', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      const answer = await t.post('/api/forgot_password', { email });
      expect(answer.body).toEqual({ success: true, error: null });
      await t.server.context.services.mailer.flush();
      const row = await t.sql.one<{
        body_text: string;
        sent_at: number | null;
        error: string | null;
      }>('SELECT body_text, sent_at, error FROM mail_outbox WHERE recipient = ?', [email]);
      if (!row) throw new Error(`no mail to ${email}`);
      expect(row.body_text).toContain(
        'https://shop.stemline.example/shopping/home?change_password&user_id=',
      );
      expect(row.sent_at).toBeNull();
      expect(row.error).toBeTruthy();
    });
  });
});
