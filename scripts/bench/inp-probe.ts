/**
 * Interaction to Next Paint in the catalogue, as the web-vitals library measures it
 * (`npm run bench:catalog`). `INP_PROBE` goes into every page before its own scripts: web-vitals'
 * `onINP` (reportAllChanges) keeps the page's INP, and an Event Timing observer with web-vitals'
 * own definition of an interaction's latency (the longest event entry of one `interactionId`,
 * from the input to the next paint) keeps each interaction, so a session's p75 and p98 can be
 * read beside the INP the library reports. The Event Timing API reports no entry under 16 ms: an
 * interaction sent but not reported counts as 0 ms. One page per session (typing, adding to cart),
 * so each INP is that session's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by `INP_PROBE`: web-vitals' INP of the page, and each interaction's latency. */
    stemlineInp?: { webVitalsMs: number; latencies: Map<number, number> };
  }
}

const require = createRequire(import.meta.url);
// The package exports no path to its IIFE build: found beside its CommonJS one, in dist/.
const WEB_VITALS = readFileSync(
  path.join(path.dirname(require.resolve('web-vitals')), 'web-vitals.iife.js'),
  'utf8',
);

/** The init script: web-vitals' IIFE (global `webVitals`), then the probe. */
export const INP_PROBE = `${WEB_VITALS}
;(() => {
  const inp = { webVitalsMs: 0, latencies: new Map() };
  window.stemlineInp = inp;
  webVitals.onINP((metric) => { inp.webVitalsMs = metric.value; },
    { reportAllChanges: true, durationThreshold: 16 });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const known = inp.latencies.get(entry.interactionId) ?? 0;
      if (entry.duration > known) inp.latencies.set(entry.interactionId, entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

export interface InpFigures {
  /** web-vitals' INP of the session's page. */
  webVitalsMs: number;
  /** Per interaction sent, its latency (0 when under the API's 16 ms floor). */
  latencies: number[];
}

/**
 * The session's figures once its `sent` interactions have been made. Entries arrive after their
 * frame: waits for two more frames, then reads.
 */
export async function readInp(page: Page, sent: number): Promise<InpFigures> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
  const { webVitalsMs, reported } = await page.evaluate(() => ({
    webVitalsMs: window.stemlineInp?.webVitalsMs ?? 0,
    reported: [...(window.stemlineInp?.latencies.values() ?? [])],
  }));
  const latencies = [
    ...reported,
    ...new Array<number>(Math.max(0, sent - reported.length)).fill(0),
  ];
  return { webVitalsMs, latencies };
}

/** Slows the page's CPU by `rate` (Chromium's CPU throttling, as DevTools does; 1: none). */
export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
