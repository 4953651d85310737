import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts as demo,
  makeTempDir,
  removeDir,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';
import { signToken } from './tokens';
import { demoAccounts, DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from '../test-support/captcha';

/** Issue 23: tokens and captcha challenges one node signs hold on every node of the database. */
describe('server secrets shared through the database', { timeout: 90_000 }, () => {
  describe('two nodes on one database, no secret in the environment', () => {
    let dataDir: string;
    let first: TestServer;
    let second: TestServer;
    beforeAll(async () => {
      dataDir = makeTempDir('stemline-secrets-');
      first = await startTestServer({ dataDir, env: { JWT_SECRET: undefined } });
      second = await startTestServer({ dataDir, env: { JWT_SECRET: undefined } });
    }, 60_000);
    afterAll(async () => {
      await first.stop();
      await second.stop();
      removeDir(dataDir);
    });

    it('a session signed in on one node is good on the other, both ways', async () => {
      const fromFirst = await first.login(demo.florist);
      expect((await second.post('/api/customer/manager', {}, fromFirst)).status).toBe(200);
      const fromSecond = await second.login(demo.florist);
      expect((await first.post('/api/customer/manager', {}, fromSecond)).status).toBe(200);
    });

    it('writes no secret file into the data folder, which a node on another machine would not have', () => {
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'captcha-key'))).toBe(false);
    });

    it('a captcha one node handed out is accepted by the other, once', async () => {
      const reCaptchaToken = await solveCaptcha(first.url);
      const query = new URLSearchParams({
        email: demo.florist,
        password: DEMO_PASSWORD,
        reCaptchaToken,
      }).toString();
      const answer = await second.get<{ token: string | null }>(`/api/security/login?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body.token).toEqual(expect.any(String));
      // Used once through the second node: the first node refuses it too.
      expect(
        (await first.get<{ token: string | null }>(`/api/security/login?${query}`)).body.token,
      ).toBeNull();
    });

    it('a token signed with any other secret is refused by both', async () => {
      const florist = demoAccounts.find((account) => account.email === demo.florist);
      const forged = signToken('a-secret-guessed-by-an-attacker-0123456789', {
        sub: florist?.key ?? '',
        customer: florist?.customer?.key ?? null,
        role: 'florist',
      });
      for (const node of [first, second]) {
        expect((await node.post('/api/customer/manager', {}, forged)).status).toBe(401);
      }
    });
  });

  describe('a data folder from before secrets moved into the database', () => {
    let t: TestServer | undefined;
    let dataDir: string;
    afterEach(async () => {
      await t?.stop();
      removeDir(dataDir);
    });

    it('keeps the secret of its jwt-secret file, so the sessions it signed stay valid', async () => {
      dataDir = makeTempDir('stemline-legacy-secret-');
      const legacy = 'a-legacy-secret-from-the-data-folder-0123456789';
      writeFileSync(path.join(dataDir, 'jwt-secret'), legacy, { mode: 0o600 });
      t = await startTestServer({ dataDir, env: { JWT_SECRET: undefined } });
      const florist = demoAccounts.find((account) => account.email === demo.florist);
      const signedBefore = signToken(legacy, {
        sub: florist?.key ?? '',
        customer: florist?.customer?.key ?? null,
        role: 'florist',
      });
      expect((await t.post('/api/customer/manager', {}, signedBefore)).status).toBe(200);
    });
  });
});
