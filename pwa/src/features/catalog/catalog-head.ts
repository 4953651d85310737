/**
 * The head of a date's catalogue on a first visit (issue 28): a visitor without a copy of the date
 * waits for the whole copy's download (hundreds of KB on a phone's network) before any card. The
 * head (GET /api/catalog/:date/head, shared `catalogHead`: a few KB) holds the default view's first
 * entries, and the page paints them first (use-catalog-head.ts). The whole copy's download waits
 * until they are on screen (`headFirst`), so on a slow network it does not share the line with
 * the head and the first screen's pictures; and for no longer than `CATALOG_HEAD_WAIT_MS`.
 */
import { CATALOG_HEAD_WAIT_MS, parseCatalogQuery } from '@stemline/shared';
import { hasStoredSession } from '../../session/session-store';
import { mayHaveCachedCatalog } from '../../storage/catalog-cache-hint';
import { CATALOG_PATHS } from '../delivery/catalog-paths';
import { firstScreenAwaits } from '../shell/first-screen';
import { downloadCatalogHead, type CatalogHeadAnswer } from './catalog-api';
import { headHolds } from './catalog-preview';

interface HeadDownload {
  answer: Promise<CatalogHeadAnswer | null>;
  /** Resolved once the head's first screen is on screen, or will not be. */
  done: Promise<void>;
  finish: () => void;
}

const downloads = new Map<number, HeadDownload>();

/** The head of `date`: downloaded once, however many ask. Null when it cannot be had. */
export function downloadHead(date: number): Promise<CatalogHeadAnswer | null> {
  let download = downloads.get(date);
  if (!download) {
    let finish = (): void => undefined;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Best effort: the whole copy's download reports what goes wrong.
    const answer = downloadCatalogHead(date, new AbortController().signal).then(
      (result) => (result.success ? result.data : null),
      () => null,
    );
    void answer.then((head) => {
      if (!head) finish();
    });
    download = { answer, done, finish };
    downloads.set(date, download);
  }
  return download.answer;
}

/** Whether the head of `date` was asked for (on this page's start, or by the page). */
export function headAsked(date: number): boolean {
  return downloads.has(date);
}

/**
 * The head of `date` is on screen, or the page will not show it: the whole copy may download once
 * the cards are painted and the first row's pictures (variety-image.tsx asks for them first, with
 * `fetchpriority="high"`) have loaded or failed, and are painted too.
 */
export function headShown(date: number): void {
  const download = downloads.get(date);
  if (!download) return;
  afterPaint(() => {
    const pending = [
      ...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]'),
    ].filter((picture) => !picture.complete);
    let left = pending.length;
    if (left === 0) return afterPaint(download.finish);
    const settled = (): void => {
      left -= 1;
      if (left === 0) afterPaint(download.finish);
    };
    for (const picture of pending) {
      picture.addEventListener('load', settled, { once: true });
      picture.addEventListener('error', settled, { once: true });
    }
  });
}

/** Runs `then` after the next paint (or after 100 ms in a hidden tab, which paints nothing). */
function afterPaint(then: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/**
 * Resolves when the whole copy of `date` may download: at once when no head was asked for,
 * else once the head's first screen is on screen or will not be, or after `CATALOG_HEAD_WAIT_MS`.
 */
export function headFirst(date: number): Promise<void> {
  const download = downloads.get(date);
  if (!download) return Promise.resolve();
  return Promise.race([
    download.done,
    new Promise<void>((resolve) => setTimeout(resolve, CATALOG_HEAD_WAIT_MS)),
  ]);
}

/** Whether the page at this URL will want the head: a visitor's catalogue of a date, first visit. */
function startDate(): number | null {
  const { pathname, search } = window.location;
  if (!CATALOG_PATHS.includes(pathname)) return null;
  const query = parseCatalogQuery(new URLSearchParams(search));
  if (query.date === null || !headHolds(query)) return null;
  return mayHaveCachedCatalog() || hasStoredSession() ? null : query.date;
}

// Started as this module loads, beside the app's start, so the cards can paint as soon as it can;
// the welcome modal opens after them (shell/first-screen.ts).
try {
  const date = startDate();
  if (date !== null) {
    void downloadHead(date);
    firstScreenAwaits(headFirst(date));
  }
} catch {
  // No storage to read (a private mode): the page goes without a head.
}
