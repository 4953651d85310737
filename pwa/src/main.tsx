// The UI kit's CSS first: imports run in order, so feature CSS (imported by the features that
// `App` pulls in) comes after it and overrides `.sl-*` rules with single class selectors.
import './ui/stylesheets';
// Before any of the app's code (and so Zod) loads: the page's policy allows no eval.
import './zod-under-csp';

declare global {
  interface Window {
    /** index.html: settles once the catalogue's first view is painted; null without one. */
    stemlineFirstView?: Promise<void> | null;
  }
}

// The app (boot.tsx) starts after a first view index.html laid has been painted: evaluating the
// app's code is one long task, which would otherwise come before that paint.
await window.stemlineFirstView;
await startApp();

/**
 * Loads the app. On a first visit the service worker does not serve the page yet, so losing the
 * network before the app's code arrived leaves nothing to run: say so, and start again once the
 * connection is back (every later visit starts offline from the precache).
 */
async function startApp(): Promise<void> {
  try {
    // The first screen's code comes in three chunks, fetched together with the first
    // (build-plugins/first-screen-chunk.ts) and evaluated one per task: as one chunk, its
    // evaluation was a task of 30-40 ms here, which a phone (4x slower) spends unresponsive.
    const react = import('./start/react-part');
    setTimeout(loadLocaleData, 0);
    await react;
    await nextTask();
    await import('./start/kit-part');
    await nextTask();
    await import('./boot');
  } catch (error) {
    console.error('[stemline] the app could not load', error);
    const root = document.getElementById('root');
    if (root) {
      root.setAttribute('role', 'alert');
      root.textContent =
        'Stemline could not finish loading because the connection was lost. It will start again when you are back online.';
    }
    window.addEventListener('online', () => location.reload(), { once: true });
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The first use of `Intl` on a page loads the browser's locale data: about 50 ms at a phone's 4x
 * slower CPU, which react-aria's first module spent in the app's one long evaluation task (it
 * reads the locale's direction as it loads). Done here, in a task of its own while the app's code
 * downloads, with the locale react-aria reads.
 */
function loadLocaleData(): void {
  try {
    new Intl.Locale(navigator.language).maximize();
    Intl.DateTimeFormat.supportedLocalesOf([navigator.language]);
  } catch {
    // A locale the browser does not know: react-aria falls back to en-US, and so does the app.
  }
}
