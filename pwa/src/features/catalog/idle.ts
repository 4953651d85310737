/**
 * Runs `run` when the page is idle (at the latest after `timeoutMs`), so that work the screen does
 * not wait for stays out of the way of frames and typing. Safari has no requestIdleCallback: a
 * plain task there. Returns a function that cancels the run.
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
