/**
 * The browser half of the sync benchmark, in Chromium (playwright-core, CHROMIUM_PATH or
 * /usr/bin/chromium, the launch options of playwright.config.ts) against the server the caller
 * started:
 *  - clickToPaint: from the pointer going down on a catalogue card's Add button to the frame that
 *    paints the cart's new count in the header (the cart is a dialog; while the buyer browses, the
 *    header is the part of it on screen), online and offline, SAMPLES of each;
 *  - pullCatchup10k: an open, idle device catching up 10,000 cart lines changed on the server,
 *    from the start of its first pull after the server's poke to the frame that paints their
 *    total: every line written to RxDB (into the cart's pages, pwa/src/storage/cart-pages.ts)
 *    and read back through the cart query;
 *  - pullCatchupIdbFloor: the same 10,000 documents written straight into IndexedDB, in the same
 *    browser, the least that writing them one record each costs on this machine (see idbFloor).
 *    The app no longer writes a record per line, so its catch-up can come in under this floor;
 *    the floor stays as issue 28 defined it, the yardstick of the machine's IndexedDB.
 */
import {
  addBoxesToLine,
  boxesOffered,
  MAX_BOXES_PER_PRICE_ROW,
  pullAnswerSchema,
  unitsPerBox,
  type Offer,
} from '@stemline/shared';
import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../playwright.config';
import type { StemlineServer } from '../../sync-server/src/app';
import { createTestBuyers, type TestBuyer } from '../../sync-server/src/test-support/test-buyers';
import { sqliteHandleOf } from '../../sync-server/src/test-support/sqlite-handle';

const SAMPLES = 50;
const CATCHUP_DOCUMENTS = 10_000;
/** Time between clicks, as a buyer would leave; it also lets background sync settle. */
const THINK_MS = 120;

export interface BrowserBenchReport {
  onlineP95Ms: number;
  offlineP95Ms: number;
  /** The worse of the two. */
  clickToPaintP95Ms: number;
  samples: number;
  pullCatchup10kMs: number;
  /** Median of IDB_FLOOR_RUNS (see idbFloor). */
  pullCatchupIdbFloorMs: number;
}

export async function runBrowserBench(options: {
  server: StemlineServer;
  baseUrl: string;
  etaDate: number;
}): Promise<BrowserBenchReport> {
  const { server, baseUrl, etaDate } = options;
  const { jwtSecret } = server.context;
  const db = sqliteHandleOf(server.context);
  const [online, offline, catchup] = createTestBuyers(db, jwtSecret, 3, 'browser');
  if (!online || !offline || !catchup) throw new Error('no buyers');
  // Enough stock on every row of the date that no click is refused for want of boxes.
  db.prepare(
    `UPDATE offers SET available = MAX(available, ? * stems_per_bunch * bunches_in_box)
     WHERE eta_from <= ? AND eta_to >= ?`,
  ).run(MAX_BOXES_PER_PRICE_ROW, etaDate, etaDate);

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // BENCH_CATCHUP_ONLY=1: the catch-up and its floor alone (no click samples: NaN).
    const catchupOnly = process.env.BENCH_CATCHUP_ONLY === '1';
    const onlineSamples = catchupOnly
      ? [NaN]
      : await clickToPaint(browser, server, baseUrl, online, etaDate, false);
    const offlineSamples = catchupOnly
      ? [NaN]
      : await clickToPaint(browser, server, baseUrl, offline, etaDate, true);
    const pullCatchup10kMs = await pullCatchup(browser, server, baseUrl, catchup, etaDate);
    const pullCatchupIdbFloorMs = await idbFloor(browser, baseUrl, catchup);
    const onlineP95Ms = percentile(onlineSamples, 0.95);
    const offlineP95Ms = percentile(offlineSamples, 0.95);
    return {
      onlineP95Ms,
      offlineP95Ms,
      clickToPaintP95Ms: Math.max(onlineP95Ms, offlineP95Ms),
      samples: onlineSamples.length + offlineSamples.length,
      pullCatchup10kMs,
      pullCatchupIdbFloorMs,
    };
  } finally {
    await browser.close();
  }
}

/** A signed-in page of `buyer` on the catalogue of `etaDate`, session injected as a login leaves it. */
async function signedInPage(
  context: BrowserContext,
  server: StemlineServer,
  buyer: TestBuyer,
  etaDate: number,
): Promise<Page> {
  const stored = await server.context.repos.users.findByKey(buyer.userKey);
  if (!stored) throw new Error('bench user missing');
  const page = await context.newPage();
  // tsx keeps function names with an `__name` helper the page does not have; give it one.
  await page.addInitScript({ content: `var __name = (f) => f; (${installProbes.toString()})();` });
  await page.goto('/shopping/home');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_key', user.key);
      localStorage.setItem('stemline.user', JSON.stringify(user));
    },
    { token: buyer.token, user: stored.user },
  );
  await page.goto(`/shopping/home?date=${etaDate}`);
  return page;
}

async function clickToPaint(
  browser: Browser,
  server: StemlineServer,
  baseUrl: string,
  buyer: TestBuyer,
  etaDate: number,
  offline: boolean,
): Promise<number[]> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'allow',
  });
  try {
    const page = await signedInPage(context, server, buyer, etaDate);
    const buttons = page.locator('article.variety-card [data-testid^="offer-"] button', {
      hasText: /^Add$/,
    });
    await buttons.first().waitFor();
    await page.getByRole('button', { name: 'Cart, 0 boxes' }).waitFor();
    if (offline) {
      // The app shell comes from the service worker, as on a device that lost its signal.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page
        .getByText(/Offline/)
        .first()
        .waitFor();
    }
    const count = Math.min(await buttons.count(), 12);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      await buttons.nth(i % count).click();
      await page.waitForFunction((n) => window.__paint.samples.length > n, i);
      await page.waitForTimeout(THINK_MS);
    }
    samples.push(...(await page.evaluate(() => window.__paint.samples)));
    if (process.env.BENCH_VERBOSE === '1') {
      console.log(offline ? 'offline' : 'online', samples.map((s) => Math.round(s)).join(' '));
    }
    return samples;
  } finally {
    await context.close();
  }
}

/**
 * A device that is open and idle (catalogue loaded, cart empty) while 10,000 of its account's
 * documents change on the server; the server pokes it, and it catches up. Measured from the start
 * of its first pull after the poke to the paint of the new cart total, so the app's own start-up
 * is not counted.
 */
async function pullCatchup(
  browser: Browser,
  server: StemlineServer,
  baseUrl: string,
  buyer: TestBuyer,
  etaDate: number,
): Promise<number> {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    const page = await signedInPage(context, server, buyer, etaDate);
    await page.getByRole('button', { name: 'Cart, 0 boxes' }).waitFor();
    await page.locator('article.variety-card').first().waitFor();
    await page
      .getByText(/synced/)
      .first()
      .waitFor();
    const pokedAt = await page.evaluate(() => performance.now());
    await writeCatchupLines(server, buyer, etaDate);
    const stopProfile = await startCatchupProfile(context, page);
    server.context.changes.poke(buyer.customerKey, ['cart_lines']);
    await page
      .getByRole('button', { name: `Cart, ${CATCHUP_DOCUMENTS} boxes` })
      .waitFor({ timeout: 120_000 });
    await stopProfile?.();
    return await page.evaluate((after) => {
      const paintedAt = window.__paint.cartCountPaintedAt;
      const firstPull = performance
        .getEntriesByType('resource')
        .find(
          (entry) => entry.name.includes('/api/sync/pull/cart_lines') && entry.startTime > after,
        );
      if (paintedAt === undefined || !firstPull) throw new Error('catch-up not observed');
      return paintedAt - firstPull.startTime;
    }, pokedAt);
  } finally {
    await context.close();
  }
}

/**
 * BENCH_CATCHUP_PROFILE=<file>: a CPU profile of the page over the catch-up (Chromium's sampling
 * profiler at 100 us), written as a .cpuprofile that DevTools opens. Returns what stops it.
 */
async function startCatchupProfile(
  context: BrowserContext,
  page: Page,
): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.BENCH_CATCHUP_PROFILE;
  if (!file) return undefined;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    await cdp.detach();
  };
}

const IDB_FLOOR_RUNS = 3;

/**
 * The floor under pullCatchup10k that this machine's IndexedDB sets: the documents that catch-up
 * pulled (fetched again from the server, with the fields RxDB adds), written in a page of the same
 * origin, in the same kind of context, into a store shaped as RxDB's Dexie storage makes the
 * collection's (primary key `key`, indexes [_deleted+key] and [_meta.lwt+key]): one readwrite
 * transaction that reads each key first, as that storage does before it writes, then puts every
 * document, timed to the transaction's completion. No network, RxDB or rendering.
 */
async function idbFloor(browser: Browser, baseUrl: string, buyer: TestBuyer): Promise<number> {
  const documents: unknown[] = [];
  for (let checkpoint = 0; ;) {
    const answer = await fetch(
      `${baseUrl}/api/sync/pull/cart_lines?checkpoint=${checkpoint}&limit=1000`,
      { headers: { Authorization: `Bearer ${buyer.token}` } },
    );
    const page = pullAnswerSchema.parse(await answer.json());
    documents.push(
      ...page.documents.map(({ _deleted, ...doc }, i) => ({
        ...doc,
        _deleted: _deleted ? '1' : '0',
        _rev: '1-bench',
        _attachments: {},
        _meta: { lwt: 1_700_000_000_000 + documents.length + i },
      })),
    );
    if (!page.hasMore) break;
    checkpoint = page.checkpoint;
  }
  if (documents.length !== CATCHUP_DOCUMENTS) throw new Error('catch-up documents missing');
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/api/health');
    const runs: number[] = [];
    for (let run = 0; run < IDB_FLOOR_RUNS; run += 1) {
      runs.push(
        await page.evaluate(
          async ({ docs, name }) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(name, 1);
              open.onupgradeneeded = () => {
                const store = open.result.createObjectStore('docs', { keyPath: 'key' });
                store.createIndex('[_deleted+key]', ['_deleted', 'key']);
                store.createIndex('[_meta.lwt+key]', ['_meta.lwt', 'key']);
              };
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(new Error(String(open.error)));
            });
            const started = performance.now();
            const transaction = db.transaction('docs', 'readwrite');
            const store = transaction.objectStore('docs');
            await new Promise<void>((resolve, reject) => {
              let read = 0;
              for (const doc of docs as { key: string }[]) {
                const request = store.get(doc.key);
                request.onsuccess = () => {
                  read += 1;
                  if (read === docs.length) resolve();
                };
                request.onerror = () => reject(new Error(String(request.error)));
              }
            });
            for (const doc of docs) store.put(doc);
            await new Promise<void>((resolve, reject) => {
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(new Error(String(transaction.error)));
            });
            const took = performance.now() - started;
            db.close();
            return took;
          },
          { docs: documents, name: `idb-floor-${run}` },
        ),
      );
    }
    return percentile(runs, 0.5);
  } finally {
    await context.close();
  }
}

/** 10,000 cart lines of one buyer, written the way the server writes them (each its own seq). */
async function writeCatchupLines(
  server: StemlineServer,
  buyer: TestBuyer,
  etaDate: number,
): Promise<void> {
  const { changes, now, transactional } = server.context;
  const { catalog, cart } = server.context.repos;
  const offers: Offer[] = (await catalog.offersForDate(etaDate)).filter((o) => boxesOffered(o) > 0);
  await transactional(async () => {
    for (let i = 0; i < CATCHUP_DOCUMENTS; i += 1) {
      const offer = offers[i % offers.length] as Offer;
      const variety = await catalog.variety(offer.variety_key);
      const grower = await catalog.grower(offer.grower_key);
      if (!variety || !grower || unitsPerBox(offer) <= 0) throw new Error('catalog incomplete');
      const line = addBoxesToLine({
        existing: undefined,
        offer,
        variety,
        grower,
        etaDate,
        boxes: 1,
        nowMs: now(),
      });
      await cart.saveLine(
        buyer.customerKey,
        { ...line, key: `catchup-${i}` },
        await changes.next(),
      );
    }
  })();
}

function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

declare global {
  interface Window {
    __paint: { samples: number[]; cartCountPaintedAt?: number };
  }
}

/**
 * Runs in the page before the app: times each press of an Add button to the paint of the cart
 * count it changes, and notes when the cart count was last painted.
 */
function installProbes(): void {
  const state: Window['__paint'] = { samples: [] };
  window.__paint = state;
  let pressedAt: number | undefined;
  let countAtPress = '';
  const cartLabel = (): string =>
    document.querySelector('button[aria-label^="Cart, "]')?.getAttribute('aria-label') ?? '';
  // After the frame that shows a change is painted: a task queued from requestAnimationFrame.
  const afterPaint = (callback: (paintedAt: number) => void): void => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => callback(performance.now());
      channel.port2.postMessage(null);
    });
  };
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!(event.target instanceof Element)) return;
      if (!event.target.closest('[data-testid^="offer-"] button')) return;
      pressedAt = event.timeStamp;
      countAtPress = cartLabel();
    },
    true,
  );
  let lastLabel = '';
  new MutationObserver(() => {
    const label = cartLabel();
    if (label === lastLabel) return;
    lastLabel = label;
    afterPaint((paintedAt) => {
      state.cartCountPaintedAt = paintedAt;
    });
    if (pressedAt !== undefined && label !== countAtPress) {
      const started = pressedAt;
      pressedAt = undefined;
      afterPaint((paintedAt) => state.samples.push(paintedAt - started));
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
}
