/**
 * What scrolling the catalogue costs the main thread (`npm run bench:catalog`). INP counts no
 * scroll, yet a florist scrolling a slow phone meets every scroll event's work. `SCROLL_PROBE`
 * goes into the page before its own scripts and wraps each `scroll` listener added to the window
 * or the document, so each event's listeners are timed together (the event's whole synchronous
 * work: the list's virtualizer re-renders inside its listener when it renders with flushSync); a
 * Long Animation Frames observer keeps the frames over 50 ms while the bench scrolls, which also
 * catches work a listener schedules for later instead of doing it.
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by `SCROLL_PROBE`. */
    stemlineScroll?: {
      recording: boolean;
      /** Per scroll event dispatched while recording: the sum of its listeners' times. */
      events: Map<Event, number>;
      /** Long animation frames while recording: duration and blocking duration (ms). */
      frames: { duration: number; blocking: number }[];
    };
  }
}

export const SCROLL_PROBE = `(() => {
  const probe = { recording: false, events: new Map(), frames: [] };
  window.stemlineScroll = probe;
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const watched = (target, type, listener) =>
    type === 'scroll' && listener && (target === window || target === document);
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (!watched(this, type, listener)) return add.call(this, type, listener, options);
    let timed = wrapped.get(listener);
    if (!timed) {
      timed = function (event) {
        const start = performance.now();
        try {
          return typeof listener === 'function'
            ? listener.call(this, event)
            : listener.handleEvent(event);
        } finally {
          if (probe.recording)
            probe.events.set(event, (probe.events.get(event) ?? 0) + performance.now() - start);
        }
      };
      wrapped.set(listener, timed);
    }
    return add.call(this, type, timed, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, (listener && wrapped.get(listener)) || listener, options);
  };
  new PerformanceObserver((list) => {
    if (!probe.recording) return;
    for (const entry of list.getEntries())
      probe.frames.push({ duration: entry.duration, blocking: entry.blockingDuration });
  }).observe({ type: 'long-animation-frame' });
})();`;

/**
 * Wheel steps down the list, and the pause after each: a finger's steady drag sends a scroll event
 * a frame or two apart, each a few dozen pixels, so several fall within one row of cards.
 */
const SCROLL_STEPS = 160;
const SCROLL_STEP_PX = 60;
const SCROLL_PAUSE_MS = 30;

export interface ScrollFigures {
  /** Scroll events recorded. */
  events: number;
  /** Per event, its listeners' time (ms). */
  listenerMs: number[];
  /** Long animation frames while scrolling, and the sum of their blocking durations (ms). */
  longFrames: number;
  blockingMs: number;
}

/**
 * Scrolls the page down by mouse wheel, `SCROLL_STEPS` steps, and reads what the probe recorded.
 * The page must be the catalogue with its list painted, at the top.
 */
export async function scrollSession(page: Page): Promise<ScrollFigures> {
  const box = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.move(box.width / 2, box.height / 2);
  await page.evaluate(() => {
    if (!window.stemlineScroll) throw new Error('the scroll probe is not in the page');
    window.stemlineScroll.recording = true;
  });
  for (let step = 0; step < SCROLL_STEPS; step += 1) {
    await page.mouse.wheel(0, SCROLL_STEP_PX);
    await page.waitForTimeout(SCROLL_PAUSE_MS);
  }
  // The last frames' entries arrive after them.
  await page.waitForTimeout(500);
  const { listenerMs, frames } = await page.evaluate(() => {
    const probe = window.stemlineScroll;
    if (!probe) throw new Error('the scroll probe is not in the page');
    probe.recording = false;
    return { listenerMs: [...probe.events.values()], frames: probe.frames };
  });
  return {
    events: listenerMs.length,
    listenerMs,
    longFrames: frames.length,
    blockingMs: frames.reduce((sum, frame) => sum + frame.blocking, 0),
  };
}
