import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test-support/event-stream';
import {
  accounts,
  makeTempDir,
  removeDir,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const SHELL =
  '<!doctype html><html><head><title>Stemline test shell</title></head><body></body></html>';

/** A GET with the path sent byte for byte (fetch would normalise `..` away). */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get({ hostname, port, path: rawPath }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

describe('HTTP edge', () => {
  let t: TestServer;
  let token = '';
  let outside = '';
  let dist = '';

  beforeAll(async () => {
    outside = makeTempDir('stemline-spa-');
    dist = path.join(outside, 'dist');
    writeFileSync(path.join(outside, 'secret.txt'), 'TOP-SECRET-OUTSIDE-DIST');
    t = await startTestServer({ env: { PWA_DIST: dist } });
    token = await t.login(accounts.florist);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
    removeDir(outside);
  });

  describe('API', () => {
    it('GET /api/health answers ok with the change seq and the server clock', async () => {
      const answer = await t.get('/api/health');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        status: 'ok',
        seq: expect.any(Number) as number,
        serverNow: t.clock.now,
      });
      expect(answer.headers.get('x-server-time')).toBe(String(t.clock.now));
    });

    it('keeps an idle kept-alive connection open past the ~6 s after which Node would close it', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const { hostname, port } = new URL(t.url);
      const health = () =>
        new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
          const request = http.get({ hostname, port, path: '/api/health', agent }, (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }),
            );
          });
          request.on('error', reject);
        });
      try {
        expect(await health()).toEqual({ status: 200, reused: false });
        await new Promise((resolve) => setTimeout(resolve, 7_000));
        // A proxy reusing its upstream connection after a quiet spell gets an answer, not a reset.
        expect(await health()).toEqual({ status: 200, reused: true });
      } finally {
        agent.destroy();
      }
    }, 15_000);

    it.each([
      '/api/nope',
      '/api/catalog',
      '/api/sync/pull',
      '/api/cart_box/add_to_cart/extra',
      '/api/',
    ])('answers the unknown call %s with JSON 404 for a signed-in caller', async (pathname) => {
      const answer = await t.get(pathname, token);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    });

    it.each(['abc', '2026112', '202611200', '20270230', '20261301', '-20261120'])(
      'GET /api/catalog/%s (not a yyyyMMdd date) → 400',
      async (date) => {
        const answer = await t.get(`/api/catalog/${date}`, token);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
      },
    );

    it('answers an unknown call without a token with JSON 401, telling nothing about which calls exist', async () => {
      const [unknown, known] = await Promise.all([
        t.get('/api/nope'),
        t.get('/api/sync/pull/cart_lines'),
      ]);
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(known.body);
    });

    it.each([
      'no_such_operation',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'LIST_CARTS',
    ])('POST /api/cs/run with the unknown key %j → 404', async (key) => {
      const answer = await t.post('/api/cs/run', { key }, token);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'not_found' });
    });

    it.each([
      ['no key', {}],
      ['an empty key', { key: '' }],
      ['a 65-character key', { key: 'k'.repeat(65) }],
      ['a key that is not a string', { key: ['list_carts'] }],
    ])('POST /api/cs/run with %s → 400', async (_case, body) => {
      const answer = await t.post('/api/cs/run', body, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
    });

    it.each([
      ['POST /api/cs/run', '/api/cs/run', '{"key": '],
      ['POST /api/sync/push', '/api/sync/push', '{clientId: "d"}'],
      ['POST /api/cart_box/add_to_cart', '/api/cart_box/add_to_cart', 'not json at all'],
      [
        'POST /api/customer/check_email_available (public)',
        '/api/customer/check_email_available',
        '{"email":"a@b.c"',
      ],
    ])('%s with a body that is not JSON → 400, not 500', async (_case, pathname, rawBody) => {
      const answer = await t.request(pathname, { token, rawBody });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false });
    });

    it('compresses a large JSON answer, but never the event stream', async () => {
      const [date] = t.deliveryDates(1);
      const catalog = await fetch(`${t.url}/api/catalog/${date}`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' },
      });
      expect(catalog.headers.get('content-encoding')).toBe('gzip');
      await catalog.arrayBuffer();

      const stream = await openEventStream(`${t.url}/api/sync/stream?access_token=${token}`);
      try {
        expect(stream.status).toBe(200);
        expect((await stream.next())?.event).toBe('hello');
      } finally {
        await stream.close();
      }
      const raw = await new Promise<string | undefined>((resolve, reject) => {
        const { hostname, port } = new URL(t.url);
        const request = http.get(
          {
            hostname,
            port,
            path: `/api/sync/stream?access_token=${token}`,
            headers: { 'Accept-Encoding': 'gzip, br' },
          },
          (response) => {
            resolve(response.headers['content-encoding']);
            request.destroy();
          },
        );
        request.on('error', reject);
      });
      expect(raw).toBeUndefined();
    });
  });

  describe('the PWA shell', () => {
    it('answers 503 with a helpful text while the PWA is not built', async () => {
      const answer = await t.get<string>('/shopping/home');
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      expect(answer.body).toContain('npm run build');
    });

    describe('once built', () => {
      beforeAll(() => {
        mkdirSync(path.join(dist, 'assets'), { recursive: true });
        writeFileSync(path.join(dist, 'index.html'), SHELL);
        writeFileSync(path.join(dist, 'assets', 'app-3f2a1c.js'), 'console.log("app");');
        writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
        // A dist built with source maps (an old build, or a developer's): they must stay private.
        const sourceMap = '{"version":3,"sourcesContent":["ORIGINAL-TYPESCRIPT"]}';
        writeFileSync(path.join(dist, 'assets', 'app-3f2a1c.js.map'), sourceMap);
        writeFileSync(path.join(dist, 'sw.js.map'), sourceMap);
      });
      afterAll(() => {
        rmSync(dist, { recursive: true, force: true });
      });

      it.each(['/shopping/home', '/', '/shopping/cart?date=20261120', '/deep/client/route/'])(
        'answers the client route %s with index.html, never cached',
        async (pathname) => {
          const answer = await t.get<string>(pathname);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-type')).toContain('text/html');
          expect(answer.headers.get('cache-control')).toBe('no-cache');
          expect(answer.body).toBe(SHELL);
        },
      );

      it('serves hashed assets for a year and the service worker uncached', async () => {
        const asset = await t.get<string>('/assets/app-3f2a1c.js');
        expect(asset.body).toBe('console.log("app");');
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const worker = await t.get<string>('/sw.js');
        expect(worker.headers.get('cache-control')).toBe('no-cache');
      });

      it.each([
        '/assets/app-3f2a1c.js.map',
        '/sw.js.map',
        '/assets/APP-3f2a1c.js.MAP',
        '/assets/app-3f2a1c.js.%6dap',
        '/assets/app-3f2a1c.js.map?v=1',
        '/assets/missing-0000.js.map',
      ])('answers the source map path %s with 404 and no source', async (rawPath) => {
        const answer = await rawGet(t.url, rawPath);
        expect(answer.status).toBe(404);
        expect(answer.body).not.toContain('ORIGINAL-TYPESCRIPT');
        expect(answer.body).not.toContain('<title>');
      });

      describe("a visitor's first screen, rendered by the build's renderer", () => {
        // A renderer as the PWA's build writes one (pwa/src/ssr/first-screen.tsx), standing in
        // for the real one, which e2e visitor-first-screen runs: it says what it was given.
        const RENDERER = `
          export function firstScreenOf(pathname, search) {
            const params = new URLSearchParams(search);
            if (pathname !== '/shopping/home' || !params.get('date')) return null;
            return { date: Number(params.get('date')), url: pathname + search };
          }
          export async function renderFirstScreen(request, head) {
            const mode = new URLSearchParams(request.url.split('?')[1]).get('mode');
            if (mode === 'fail') throw new Error('RENDER-FAILED');
            if (mode === 'open-script') {
              return { layouts: [{ media: 'all', html: '<!--$--><script>a()<!--/$-->' }], leadPicture: null };
            }
            if (mode === 'script') {
              return {
                layouts: [{ media: 'all', html: '<p>a</p>' }, { media: 'print', html: '<p>a</p></script><script>alert(1)</script>' }],
                leadPicture: null,
              };
            }
            globalThis.renders = (globalThis.renders ?? 0) + 1;
            const bytes = new Uint8Array(head.data);
            return {
              layouts: [
                { media: '(max-width: 10px)', html: '<p class="card">' + bytes.length + ' bytes, ' + head.entryCount + ' entries, $& $1</p>' },
                { media: '(min-width: 11px)', html: '<p class="wide">wide</p>' },
              ],
              leadPicture: '/api/variety/image/rose.svg?v=1',
            };
          }
          export const RENDERER_SOURCE_MARK = 'RENDERER-SOURCE';
        `;
        let date = 0;
        beforeAll(() => {
          mkdirSync(path.join(dist, 'ssr'), { recursive: true });
          writeFileSync(path.join(dist, 'ssr', 'first-screen.js'), RENDERER);
          date = t.deliveryDates(1)[0] ?? 0;
        });

        it('puts the rendered screen in the page as a data block, its picture preloaded', async () => {
          const answer = await t.get<string>(`/shopping/home?date=${date}`);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('content-type')).toContain('text/html');
          expect(answer.headers.get('cache-control')).toBe('no-cache');
          const blocks = [
            ...answer.body.matchAll(
              /<script type="text\/html" class="server-first-view" data-media="([^"]*)">(.*?)<\/script>/g,
            ),
          ].map(([, media, html]) => ({ media, html }));
          // One data block per kind of window, each with its media query.
          expect(blocks.map((block) => block.media)).toEqual([
            '(max-width: 10px)',
            '(min-width: 11px)',
          ]);
          expect(blocks[1]?.html).toBe('<p class="wide">wide</p>');
          // The head of the date's copy reached the renderer; `$&` stayed text.
          expect(blocks[0]?.html).toMatch(
            /^<p class="card">[1-9]\d* bytes, [1-9]\d* entries, \$& \$1<\/p>$/,
          );
          expect(answer.body).toContain(
            '<link rel="preload" as="image" href="/api/variety/image/rose.svg?v=1" fetchpriority="high"></head>',
          );
        });

        it('renders a URL once per catalogue version', async () => {
          const before = await t.get<string>(`/shopping/home?date=${date}&again=1`);
          const again = await t.get<string>(`/shopping/home?date=${date}&again=1`);
          expect(again.body).toBe(before.body);
          const renders = (globalThis as { renders?: number }).renders;
          await t.get<string>(`/shopping/home?date=${date}&again=1`);
          expect((globalThis as { renders?: number }).renders).toBe(renders);
        });

        it.each([
          ['another page', '/shopping/cart?date=20261120'],
          ['a catalogue without a date', '/shopping/home'],
          ['a render that fails', `/shopping/home?date=DATE&mode=fail`],
          ['markup that would end its data block', `/shopping/home?date=DATE&mode=script`],
          ['markup that would open a script', `/shopping/home?date=DATE&mode=open-script`],
        ])('serves the page as built for %s', async (_case, pathname) => {
          const answer = await t.get<string>(pathname.replace('DATE', String(date)));
          expect(answer.status).toBe(200);
          expect(answer.body).toBe(SHELL);
        });

        it('renders no day gone by, though its catalogue is still there', async () => {
          const rendered = await t.get<string>(`/shopping/home?date=${date}&gone=1`);
          expect(rendered.body).toContain('server-first-view');
          const now = t.clock.now;
          // Two days on, the date is gone by; its offers are still in the database.
          t.clock.advance(2 * 24 * 3600 * 1000);
          try {
            const gone = await t.get<string>(`/shopping/home?date=${date}&gone=2`);
            expect(gone.body).toBe(SHELL);
          } finally {
            t.clock.now = now;
          }
        });

        it.each([
          '/ssr/first-screen.js',
          '/SSR/first-screen.js',
          '/%73sr/first-screen.js',
          '//ssr/first-screen.js',
          '/assets/../ssr/first-screen.js',
          '/ssr/',
        ])('never serves the renderer at %s', async (rawPath) => {
          const answer = await rawGet(t.url, rawPath);
          expect(answer.body).not.toContain('RENDERER-SOURCE');
          expect(answer.body).not.toContain('renderFirstScreen');
        });
      });

      it.each([
        ['an unknown call', '/api/nope', token],
        ['an unknown call without a token', '/api/nope', undefined],
        ['a known call without a token', '/api/sync/pull/cart_lines', undefined],
        ['a page-like API path', '/api/shopping/home', token],
      ])('never answers %s under /api with HTML', async (_case, pathname, bearer) => {
        const answer = await t.get(pathname, bearer);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.headers.get('content-type')).toContain('application/json');
        expect(JSON.stringify(answer.body)).not.toContain('<!doctype');
      });

      it.each([
        '/../secret.txt',
        '/../../etc/passwd',
        '/%2e%2e/secret.txt',
        '/assets/..%2f..%2fsecret.txt',
        '/..%5csecret.txt',
      ])('never serves a file outside the build folder for %s', async (rawPath) => {
        const answer = await rawGet(t.url, rawPath);
        expect(answer.body).not.toContain('TOP-SECRET');
        expect(answer.body).not.toContain('root:');
      });
    });
  });
});
