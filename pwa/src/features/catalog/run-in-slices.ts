/**
 * Long work on the main thread cut into slices (issue 28): the work is a generator that yields
 * between small steps; `runInSlices` runs steps until its slice of time is spent, then lets the
 * browser paint and handle input before the next slice, so no task blocks a tap for long. The
 * same generator runs to its end at once with `runSteps` (in a worker, in tests).
 */

/** Work done a step at a time: yields between steps, returns the result. */
export type Steps<T> = Generator<void, T, void>;

/**
 * A slice's time. A task over 50 ms blocks input (Total Blocking Time counts the rest), and
 * Lighthouse's mobile figures count a task four times as long as it ran unthrottled: a slice
 * stays well under a quarter of 50 ms, leaving room for a step that overruns it and for a garbage
 * collection that lands in it (a young-generation one takes 5–15 ms while the catalogue decodes).
 */
export const SLICE_MS = 4;

/** Runs `steps` to the end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs `steps` in slices of about `sliceMs`, each in a task of its own, giving the main thread
 * back between them.
 * Rejects with the signal's reason once it is aborted (the steps are then dropped).
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  signal?: AbortSignal,
  sliceMs = SLICE_MS,
): Promise<T> {
  // The first slice too runs in a task of its own, not in the caller's (a render's effects).
  await yieldToMain();
  signal?.throwIfAborted();
  let deadline = performance.now() + sliceMs;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() >= deadline) {
      await yieldToMain();
      signal?.throwIfAborted();
      deadline = performance.now() + sliceMs;
    }
  }
}

interface Scheduler {
  postTask?: (callback: () => void) => Promise<unknown>;
}

/**
 * Resolves in a later task, queued behind what is already waiting (a worker's answer, React's
 * render, input): `scheduler.postTask` where there is one, else a message to a channel of the
 * page's own, which unlike setTimeout(0) is not clamped to 4 ms once nested. Not
 * `scheduler.yield()`: its continuation would go before the tasks that should come first.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    return scheduler.postTask(() => undefined).then(() => undefined);
  }
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
