import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '@stemline/shared';
import { DEMO_PASSWORD } from '../seed/demo-accounts';
import { solveCaptcha } from '../test-support/captcha';
import { makeTempDir, removeDir } from '../test-support/test-server';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NUMBER = '378282246310005';
const GROUPED = '3782 822463 10005';
const CVV = '7391';

/**
 * The card number and CVV must never be stored or logged. This starts the real server as its own
 * process (as `npm start` does), captures everything it prints, feeds it the card in valid and
 * hostile requests, stops it, then searches every file of its data folder and the capture.
 */
describe('card number and CVV secrecy', () => {
  let dataDir = '';
  let child: ChildProcess | undefined;
  let output = '';
  let url = '';

  beforeAll(async () => {
    dataDir = makeTempDir('stemline-secrecy-');
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        CATALOG_SCALE: 'demo',
        PWA_DIST: path.join(dataDir, 'no-pwa'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const capture = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
    };
    child.stdout?.on('data', capture);
    child.stderr?.on('data', capture);
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 25_000);
      child?.stdout?.on('data', () => {
        const match = /running at (http:\/\/[^\s]+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child?.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  }, 30_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    removeDir(dataDir);
  });

  it('appears in no file of the data folder and nowhere in the server’s output, even after hostile requests', async () => {
    const query = new URLSearchParams({
      email: 'florist@stemline.test',
      password: DEMO_PASSWORD,
      reCaptchaToken: await solveCaptcha(url),
    });
    const login = loginAnswerSchema.parse(
      await (await fetch(`${url}/api/security/login?${query.toString()}`)).json(),
    );
    const headers = {
      Authorization: `Bearer ${login.token ?? ''}`,
      'Content-Type': 'application/json',
    };
    const send = (pathname: string, body: string) =>
      fetch(`${url}${pathname}`, { method: 'POST', headers, body });
    const card = {
      number: GROUPED,
      exp_month: 8,
      exp_year: 2031,
      cvv: CVV,
      holder_name: 'Flora Bennett',
    };

    const saved = await send(
      '/api/cs/run',
      JSON.stringify({ key: 'accounting_add_card', params: card }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain(NUMBER);
    const hostile: [string, string, number][] = [
      [
        'wrong CVV length',
        JSON.stringify({ key: 'accounting_add_card', params: { ...card, cvv: '739' } }),
        400,
      ],
      [
        // The same card typed without spaces: refused as already saved, never echoed.
        'ungrouped number',
        JSON.stringify({ key: 'accounting_add_card', params: { ...card, number: NUMBER } }),
        409,
      ],
      [
        'expired',
        JSON.stringify({ key: 'accounting_add_card', params: { ...card, exp_year: 2020 } }),
        400,
      ],
      [
        'not JSON',
        `{"key":"accounting_add_card","params":{"number":"${NUMBER}","cvv":"${CVV}"`,
        400,
      ],
      [
        'over 1 MB',
        JSON.stringify({
          key: 'accounting_add_card',
          params: { ...card, holder_name: 'x'.repeat(1_100_000) },
        }),
        413,
      ],
      ['unknown operation', JSON.stringify({ key: 'store_card', params: card }), 404],
      [
        'a queued mutation carrying the card',
        JSON.stringify({
          clientId: 'tablet',
          mutations: [
            {
              id: 'm-secrecy-0001',
              clientId: 'tablet',
              name: 'place_order',
              args: { card_key: 'x', ...card },
              createdAt: 1,
            },
          ],
        }),
        200,
      ],
      [
        'a mutation name that does not exist',
        JSON.stringify({
          clientId: 'tablet',
          mutations: [
            {
              id: 'm-secrecy-0002',
              clientId: 'tablet',
              name: 'accounting_add_card',
              args: card,
              createdAt: 1,
            },
          ],
        }),
        400,
      ],
    ];
    for (const [name, body, status] of hostile) {
      const pathname = body.includes('"mutations"') ? '/api/sync/push' : '/api/cs/run';
      const answer = await send(pathname, body);
      expect(answer.status, name).toBe(status);
      await answer.text();
    }

    const exited = new Promise<void>((resolve) => child?.on('exit', () => resolve()));
    child?.kill('SIGTERM');
    await exited;

    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.map((file) => file.name)).toContain('stemline.sqlite');
    for (const file of files) {
      const content = readFileSync(path.join(file.parentPath, file.name)).toString('latin1');
      for (const secret of [NUMBER, GROUPED, NUMBER.slice(0, 12)])
        expect(content, file.name).not.toContain(secret);
      expect(content.toLowerCase(), file.name).not.toContain('"cvv"');
    }
    expect(output).toContain('running at');
    for (const secret of [NUMBER, GROUPED, NUMBER.slice(0, 12), CVV])
      expect(output).not.toContain(secret);
  }, 30_000);
});
