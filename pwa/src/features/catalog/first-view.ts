/**
 * The catalogue's first view: on a reload, the last look of the URL's view shows before the app
 * has started. The app saves its first screen (first-view-trim.ts: what shows above the fold,
 * without pictures or ids) once a view has settled on screen; public/first-view.js, which
 * index.html runs first, reads it by `firstViewKey` (storage/first-view-store.ts, localStorage)
 * and lays it over the page,
 * inert and hidden from assistive technology, until `dismissFirstView` — called as soon as the
 * app's own list (or its empty or error state) is on screen, and by the script after 5 s anyway.
 * A date's new copy drops its first views (catalog-db.ts), so one shows only data the device
 * holds; the stored copy opens the same way without it, only later.
 */
import { keepFirstView } from '../../storage/catalog-store-loader';
import { firstScreenCopy } from './first-view-trim';

declare global {
  interface Window {
    /** Set once the app's page has replaced the first view (read by index.html's script). */
    stemlineFirstViewDone?: boolean;
  }
}

/** A view's record key: who looks (prices differ) and the whole URL of the view. */
export function firstViewKey(userKey: string, pathname: string, search: string): string {
  return `${userKey}|${pathname}${search}`;
}

/** Removes the first view (if index.html laid one) and keeps it from being laid later. */
export function dismissFirstView(): void {
  window.stemlineFirstViewDone = true;
  document.getElementById('first-view')?.remove();
}

/** Larger pages (a huge window) are not worth keeping. */
const MAX_HTML_CHARS = 400_000;

/**
 * Saves the page as the first view of the current URL for `date`, when the window is at the top
 * (the first view is the page as it opens), the URL names that date and the page is the app's own.
 */
export function saveFirstView(date: number): void {
  const root = document.getElementById('root');
  if (!root || document.getElementById('first-view')) return;
  if (window.scrollY > 0 || document.visibilityState !== 'visible') return;
  // Only a URL that names its date: one without shows whatever date is picked that day.
  if (new URLSearchParams(window.location.search).get('date') !== String(date)) return;
  // Only the first screen, without ids (they would otherwise be doubled while both are in the
  // page), pictures or what only the app reads: index.html paints all of it before the app runs.
  // On a phone the header and toolbar can fill the screen: the first row of cards is kept anyway,
  // so the copy always holds real cards of the view.
  const firstCard = root.querySelector('.variety-card')?.getBoundingClientRect().bottom ?? 0;
  const copy = firstScreenCopy<Element>(root, {
    viewportHeight: Math.max(window.innerHeight, Math.ceil(firstCard)),
    box: (element) => element.getBoundingClientRect(),
    isElement: (node): node is Element => node instanceof Element,
  });
  const html = copy.innerHTML;
  if (html.length > MAX_HTML_CHARS) return;
  const key = firstViewKey(
    localStorage.getItem('user_key') ?? '',
    window.location.pathname,
    window.location.search,
  );
  keepFirstView({ key, date, html });
}
