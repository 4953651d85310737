import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTempDir,
  removeDir,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

/** A built PWA with an index.html and one hashed script, as vite writes it. */
function writeDist(): string {
  const dist = path.join(makeTempDir('stemline-headers-'), 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Stemline</title></head><body></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-3f2a1c.js'), 'console.log("app");');
  return dist;
}

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** Every kind of answer the server gives: the app's HTML, a script, API success and failures. */
const ANSWERS: [string, (t: TestServer) => Promise<Headers>][] = [
  ['the app page (HTML)', async (t) => (await t.get('/shopping/home')).headers],
  ['a hashed script', async (t) => (await t.get('/assets/index-3f2a1c.js')).headers],
  ['an API answer', async (t) => (await t.get('/api/health')).headers],
  ['an API refusal without a token', async (t) => (await t.get('/api/catalog/20261120')).headers],
  [
    'the sync push (served before Koa)',
    async (t) => (await t.post('/api/sync/push', { mutations: [] })).headers,
  ],
];

describe('security headers', () => {
  describe('on a plain-http server (no PUBLIC_URL)', () => {
    let t: TestServer;
    let dist = '';
    beforeAll(async () => {
      dist = writeDist();
      t = await startTestServer({ env: { PWA_DIST: dist } });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
      removeDir(path.dirname(dist));
    });

    it.each(ANSWERS)('%s carries nosniff, the referrer policy and a strict CSP', async (_, get) => {
      const headers = await get(t);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('permissions-policy')).toContain('geolocation=()');
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // No inline or injected script can run, nor a plugin, nor a page that frames this one.
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('worker-src')).toEqual(["'self'"]);
      // Styles: this origin's files, and inline only the one react-aria adds, by its hash.
      const [origin, ...hashes] = csp.get('style-src') ?? [];
      expect(origin).toBe("'self'");
      expect(hashes).toHaveLength(1);
      for (const hash of hashes) expect(hash).toMatch(/^'sha256-[\w+/]+=*'$/);
      for (const [name, sources] of csp) {
        expect(sources, name).not.toContain("'unsafe-inline'");
        expect(sources, name).not.toContain("'unsafe-eval'");
        expect(sources, name).not.toContain('*');
        expect(sources, name).not.toContain('data:');
      }
    });

    it.each(ANSWERS)('%s tells the browser nothing about https', async (_, get) => {
      const headers = await get(t);
      // HSTS on a localhost or LAN server over http would lock browsers out of it.
      expect(headers.get('strict-transport-security')).toBeNull();
      expect(
        directives(headers.get('content-security-policy')).has('upgrade-insecure-requests'),
      ).toBe(false);
    });
  });

  describe.each([
    ['http', 'http://shop.example.com', false],
    ['https', 'https://shop.example.com', true],
  ])('with an %s PUBLIC_URL', (_, publicUrl, https) => {
    let t: TestServer;
    let dist = '';
    beforeAll(async () => {
      dist = writeDist();
      t = await startTestServer({ env: { PWA_DIST: dist, PUBLIC_URL: publicUrl } });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
      removeDir(path.dirname(dist));
    });

    it.each(ANSWERS)(`%s sends HSTS only when the public URL is https`, async (_name, get) => {
      const headers = await get(t);
      const hsts = headers.get('strict-transport-security');
      const csp = directives(headers.get('content-security-policy'));
      if (https) {
        expect(hsts).toBe('max-age=31536000');
        expect(csp.has('upgrade-insecure-requests')).toBe(true);
      } else {
        expect(hsts).toBeNull();
        expect(csp.has('upgrade-insecure-requests')).toBe(false);
      }
    });
  });
});
