/**
 * Claims benchmark (`npm run bench:claims`, issue 24). The demo florist files a claim with four
 * camera-size photos (about 4 MB each, 4032×3024 JPEG, made in the page) while offline; then
 * the network returns as one bar of signal (Chromium's network emulation: 1.5 Mbps up and down,
 * 300 ms latency) and the device uploads the files and submits the claim by itself:
 *  - claimUploadBytes: bytes sent for the claim once online: the files' parts (raw bytes, as
 *    the server stored them) plus every request body of the page (upload starts, folder,
 *    the claim's push);
 *  - claimOfflineToSubmittedMs: from the page's `online` event to the claim submitted on the
 *    server (its `submitted_at`);
 *  - claimOfflineToShownMs: from the same event to the buyer's claims page showing it as
 *    Submitted.
 * Targets: claimUploadBytes ≤ 2.5 MB, claimOfflineToSubmittedMs ≤ 20 s. One run; prints a table
 * and writes bench-results/claims.json.
 *
 * Environment: PWA_DIST (a built PWA; otherwise one is built into a temporary folder),
 * CHROMIUM_PATH.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Claim } from '@stemline/shared';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import { createServer } from '../../sync-server/src/app';
import { signToken } from '../../sync-server/src/auth/tokens';
import { loadConfig } from '../../sync-server/src/config';
import type { Db } from '../../sync-server/src/db/database';
import { sqliteHandleOf } from '../../sync-server/src/test-support/sqlite-handle';

const FLORIST = 'florist@stemline.test';
const PHOTOS = 4;
/** A 12-megapixel phone camera's frame. */
const CAMERA = { width: 4032, height: 3024 };
/** One bar of signal: 1.5 Mbps each way, in bytes per second, and 300 ms added to each request. */
const THROTTLE = { latency: 300, throughput: 1_500_000 / 8 };
const TARGET_BYTES = 2.5 * 1024 * 1024;
const TARGET_MS = 20_000;
const TIMEOUT_MS = 180_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

export interface ClaimsBenchReport {
  photoBytesTaken: number[];
  photoBytesSent: number[];
  claimUploadBytes: number;
  claimOfflineToSubmittedMs: number;
  claimOfflineToShownMs: number;
  throttle: { uploadMbps: number; downloadMbps: number; latencyMs: number };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stemline-claims-bench-'));
  const server = await createServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '1',
      CATALOG_SCALE: 'demo',
      PWA_DIST: await ensurePwaDist(dataDir),
    }),
  );
  const baseUrl = await server.listen();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const { repos, jwtSecret } = server.context;
    const db = sqliteHandleOf(server.context);
    const user = await repos.users.findByEmail(FLORIST);
    const customerKey = user?.user.metadata.customer;
    if (!user || !customerKey) throw new Error('the demo florist is missing');
    const token = signToken(jwtSecret, {
      sub: user.user.key,
      customer: customerKey,
      role: 'florist',
      tv: user.tokenVersion,
    });
    // No service worker: Chromium's throttling is set on the page, and a worker's own fetches
    // would go around it. The page stays open while offline (its code loaded beforehand), so
    // nothing needs the worker.
    const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
    const page = await context.newPage();
    // tsx keeps function names with an `__name` helper the page does not have; give it one.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto('/shopping/home');
    const photos = await cameraPhotos(page);
    await page.evaluate(
      ({ token: session, stored }) => {
        localStorage.setItem('token', session);
        localStorage.setItem('user_key', stored.key);
        localStorage.setItem('stemline.user', JSON.stringify(stored));
      },
      { token, stored: user.user },
    );
    // The claims page once first: its code is then loaded when the page opens it offline.
    await page.goto('/shopping/home/account/claims');
    await page.getByRole('heading', { name: 'Your claims' }).waitFor();
    await page.goto('/shopping/home/account/orders');
    const card = page.locator('li.order-card', { has: page.getByTestId('claim-window') }).first();
    await card.waitFor({ timeout: 30_000 });

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await network(cdp, 'offline');
    await fileClaim(page, photos);

    const bodies: number[] = [];
    page.on('request', (request) => {
      // The parts' bytes are counted as the server stored them (a Blob body is not visible here).
      if (request.method() !== 'PUT') bodies.push(request.postDataBuffer()?.length ?? 0);
    });
    // To the claims page inside the app (no network to load a page from), then note when the
    // network returns and when the buyer sees the claim submitted.
    await page.getByRole('link', { name: 'Your claims' }).click();
    await page.getByTestId('local-claim').waitFor();
    await page.evaluate(() => {
      const state = window as unknown as { onlineAt?: number; shownAt?: number };
      window.addEventListener('online', () => (state.onlineAt = Date.now()), { once: true });
      new MutationObserver((_, observer) => {
        const claim = document.querySelector('[data-testid="claim"]');
        if (claim?.textContent?.includes('Submitted')) {
          state.shownAt = Date.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await network(cdp, 'throttled');

    const claim = await submittedClaim(db, customerKey);
    await page.waitForFunction(
      () => (window as unknown as { shownAt?: number }).shownAt !== undefined,
      undefined,
      { timeout: TIMEOUT_MS },
    );
    const times = await page.evaluate(() => {
      const state = window as unknown as { onlineAt?: number; shownAt?: number };
      return { onlineAt: state.onlineAt ?? Number.NaN, shownAt: state.shownAt ?? Number.NaN };
    });
    const sent = claim.files.map((file) => file.bytes);
    const report: ClaimsBenchReport = {
      photoBytesTaken: photos.map((photo) => photo.length),
      photoBytesSent: sent,
      claimUploadBytes: sent.reduce((sum, bytes) => sum + bytes, 0) + sum(bodies),
      claimOfflineToSubmittedMs: claim.submitted_at - times.onlineAt,
      claimOfflineToShownMs: times.shownAt - times.onlineAt,
      throttle: {
        uploadMbps: (THROTTLE.throughput * 8) / 1e6,
        downloadMbps: (THROTTLE.throughput * 8) / 1e6,
        latencyMs: THROTTLE.latency,
      },
    };
    print(report);
    const outDir = path.join(repoRoot, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'claims.json'), `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Offline, or online as one bar of signal. */
async function network(cdp: CDPSession, state: 'offline' | 'throttled'): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: state === 'offline',
    latency: state === 'offline' ? 0 : THROTTLE.latency,
    downloadThroughput: state === 'offline' ? -1 : THROTTLE.throughput,
    uploadThroughput: state === 'offline' ? -1 : THROTTLE.throughput,
  });
}

/**
 * Four photos as a phone camera takes them: 4032×3024 JPEG at quality 0.92, of petals and
 * leaves in soft light with the sensor's grain, about 4 MB each. Made by the page's own encoder,
 * from a fixed seed, so every run sends the same pictures.
 */
async function cameraPhotos(page: Page): Promise<Buffer[]> {
  const encoded = await page.evaluate(
    async ({ count, width, height }) => {
      const out: string[] = [];
      for (let index = 0; index < count; index += 1) {
        let seed = 1234 + index * 7919;
        const random = () => {
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          return seed / 2 ** 32;
        };
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        const light = context.createLinearGradient(0, 0, width, height);
        light.addColorStop(0, `hsl(${90 + random() * 40}, 25%, ${25 + random() * 15}%)`);
        light.addColorStop(1, `hsl(${30 + random() * 40}, 30%, ${55 + random() * 15}%)`);
        context.fillStyle = light;
        context.fillRect(0, 0, width, height);
        for (let petal = 0; petal < 900; petal += 1) {
          const x = random() * width;
          const y = random() * height;
          const radius = 40 + random() * 260;
          const hue = random() < 0.7 ? 330 + random() * 40 : 80 + random() * 60;
          const shade = context.createRadialGradient(x, y, radius * 0.1, x, y, radius);
          shade.addColorStop(0, `hsla(${hue}, 70%, ${55 + random() * 25}%, 0.9)`);
          shade.addColorStop(1, `hsla(${hue}, 60%, ${20 + random() * 20}%, 0.2)`);
          context.fillStyle = shade;
          context.beginPath();
          context.ellipse(x, y, radius, radius * (0.3 + random() * 0.5), random() * Math.PI, 0, 7);
          context.fill();
        }
        const frame = context.getImageData(0, 0, width, height);
        const pixels = frame.data;
        for (let at = 0; at < pixels.length; at += 4) {
          const grain = (random() - 0.5) * 22;
          pixels[at] = (pixels[at] ?? 0) + grain;
          pixels[at + 1] = (pixels[at + 1] ?? 0) + grain;
          pixels[at + 2] = (pixels[at + 2] ?? 0) + grain;
        }
        context.putImageData(frame, 0, 0);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let from = 0; from < bytes.length; from += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(from, from + 0x8000));
        out.push(btoa(binary));
      }
      return out;
    },
    { count: PHOTOS, ...CAMERA },
  );
  return encoded.map((base64) => Buffer.from(base64, 'base64'));
}

/** The request-claim modal, as the e2e test drives it: first line, the photos, submit. */
async function fileClaim(page: Page, photos: Buffer[]): Promise<void> {
  const card = page.locator('li.order-card', { has: page.getByTestId('claim-window') }).first();
  await card.getByRole('button', { name: 'Request a claim' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a claim' });
  await dialog.getByTestId('claim-line').first().locator('.sl-checkbox__label').click();
  await dialog.getByRole('button', { name: 'Next: reason and photos' }).click();
  await dialog.locator('input[type="file"][multiple]').setInputFiles(
    photos.map((buffer, index) => ({
      name: `IMG_${4000 + index}.jpg`,
      mimeType: 'image/jpeg',
      buffer,
    })),
  );
  await dialog
    .getByTestId('claim-file-count')
    .filter({ hasText: `${PHOTOS} photos` })
    .waitFor({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Next: review' }).click();
  await dialog.getByRole('button', { name: 'Submit claim' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The florist's claim, once the server has it as submitted. */
async function submittedClaim(db: Db, customerKey: string): Promise<Claim> {
  const started = Date.now();
  const read = db.prepare<[string], { doc: string }>(
    "SELECT doc FROM claims WHERE customer_key = ? AND deleted = 0 AND status = 'submitted'",
  );
  while (Date.now() - started < TIMEOUT_MS) {
    const row = read.get(customerKey);
    if (row) return JSON.parse(row.doc) as Claim;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the claim was not submitted in time');
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function print(report: ClaimsBenchReport): void {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const rows = [
    ['photos taken', report.photoBytesTaken.map(mb).join(', ')],
    ['photos sent', report.photoBytesSent.map(mb).join(', ')],
    [
      'claimUploadBytes',
      `${report.claimUploadBytes} (${mb(report.claimUploadBytes)}; target ≤ ${mb(TARGET_BYTES)})`,
    ],
    ['claimOfflineToSubmittedMs', `${report.claimOfflineToSubmittedMs} (target ≤ ${TARGET_MS})`],
    ['claimOfflineToShownMs', String(report.claimOfflineToShownMs)],
  ];
  for (const [name, value] of rows) console.log(`${(name ?? '').padEnd(28)} ${value}`);
}

/** The PWA build to serve: PWA_DIST when it holds a build, otherwise a fresh build. */
async function ensurePwaDist(dataDir: string): Promise<string> {
  const given = process.env.PWA_DIST;
  if (given && existsSync(path.join(given, 'index.html'))) return path.resolve(given);
  const outDir = path.join(dataDir, 'pwa-dist');
  const { build } = await import('vite');
  await build({
    root: path.join(repoRoot, 'pwa'),
    configFile: path.join(repoRoot, 'pwa', 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

await main();
