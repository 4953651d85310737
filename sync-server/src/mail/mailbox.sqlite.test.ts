import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountServices } from '../accounts/account-services';
import { latestLink, mailsTo, signUp, uniqueEmail } from '../test-support/accounts';
import { startTestServer, type TestServer } from '../test-support/test-server';

// Each log-in solves a real captcha and hashes with scrypt: generous on a busy 2-core machine.
describe('mail outbox and dev mailbox', { timeout: 30_000 }, () => {
  describe('with defaults', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer();
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });

    it('links point at this server, whatever Host header the request claims', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      await t.request('/api/forgot_password', {
        json: { email },
        headers: { Host: 'evil.example' },
      });
      const link = await latestLink(t, email, 'password_reset');
      expect(link.origin).toBe(t.url);
    });

    it('lists mail newest first, without needing a token', async () => {
      const email = uniqueEmail();
      await signUp(t, email);
      await t.post('/api/forgot_password', { email });
      await t.post('/api/forgot_password', { email });
      const mails = await mailsTo(t, email);
      expect(mails).toHaveLength(2);
      expect(mails[0]?.id).toBeGreaterThan(mails[1]?.id ?? 0);
      expect(mails[0]?.sent_at).toBeNull();
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
      await accountServices(t.server.context).mailer.flush();
      const row = t.db
        .prepare('SELECT body_text, sent_at, error FROM mail_outbox WHERE recipient = ?')
        .get(email) as { body_text: string; sent_at: number | null; error: string | null };
      expect(row.body_text).toContain(
        'https://shop.stemline.example/shopping/home?change_password&user_id=',
      );
      expect(row.sent_at).toBeNull();
      expect(row.error).toBeTruthy();
    });
  });
});
