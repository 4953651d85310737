/**
 * What may cover a visitor's first screen waits for it (issue 28). On a first visit to a date's
 * catalogue, the cards of its head (catalog/catalog-head.ts) are what the visitor came for; the
 * welcome modal, which covers the page and costs a phone's main thread a few hundred ms to open,
 * opens once they are on screen. No catalogue head at this page's start: nothing to wait for.
 */
let shown: Promise<void> = Promise.resolve();

/** The page's first screen is on screen once `wait` settles (it must not reject). */
export function firstScreenAwaits(wait: Promise<void>): void {
  shown = wait;
}

/** Resolves once the page's first screen is on screen, or will not be, or at once. */
export function firstScreenShown(): Promise<void> {
  return shown;
}
