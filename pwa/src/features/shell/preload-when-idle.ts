import { whenIdle } from '../catalog/idle';

/**
 * Fetches the code of dialogs that load on demand once the page is idle, so that they open
 * without the network too: on a first visit the service worker does not serve the page yet, and
 * a dialog fetched only when opened would not open for a visitor who has just lost the signal
 * (say, tapping Log in to learn that logging in needs a connection). Nothing shows; a failed
 * fetch is retried when the dialog opens. Returns a function that cancels it if not yet run.
 */
export function preloadWhenIdle(loaders: readonly (() => Promise<unknown>)[]): () => void {
  return whenIdle(() => {
    for (const load of loaders) load().catch(() => undefined);
  }, 3000);
}
