import { useEffect } from 'react';
import { dismissFirstView, saveFirstView } from './first-view';

/** A view is kept as a first view once it has stayed this long (typing, filtering settle first). */
const SAVE_AFTER_MS = 300;

/**
 * Replaces index.html's first view once the page shows its own state (`ready`), and saves the
 * page as the next first view of its URL after `view` (anything that changes what shows) has
 * settled. Saving is best effort: a failure only costs the next open its head start.
 */
export function useFirstView(ready: boolean, date: number | null, view: unknown): void {
  useEffect(() => {
    if (!ready) return;
    dismissFirstView();
    // For `npm run bench:catalog`: when the app's own list (or state) took over.
    if (performance.getEntriesByName('stemline:catalog-app-list').length === 0) {
      performance.mark('stemline:catalog-app-list');
    }
  }, [ready]);
  useEffect(() => {
    if (!ready || date === null) return;
    let idle: number | undefined;
    // Then in idle time: serialising the page must not land in the middle of typing.
    const timer = window.setTimeout(() => {
      idle = whenIdle(() => {
        saveFirstView(date).catch(() => undefined);
      });
    }, SAVE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [ready, date, view]);
}

// Safari has no requestIdleCallback: a plain task there.
const hasIdle = typeof globalThis.requestIdleCallback === 'function';
const whenIdle = (run: () => void): number =>
  hasIdle ? requestIdleCallback(run, { timeout: 1000 }) : window.setTimeout(run, 0);
const cancelIdle = (handle: number): void => {
  if (hasIdle) cancelIdleCallback(handle);
  else window.clearTimeout(handle);
};
