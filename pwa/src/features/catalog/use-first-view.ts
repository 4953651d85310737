import { useEffect } from 'react';
import { dismissFirstView, saveFirstView } from './first-view';
import { whenIdle } from './idle';

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
    let cancelIdle: (() => void) | undefined;
    // Then in idle time: serialising the page must not land in the middle of typing.
    const timer = window.setTimeout(() => {
      cancelIdle = whenIdle(() => saveFirstView(date), 1000);
    }, SAVE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle?.();
    };
  }, [ready, date, view]);
}
