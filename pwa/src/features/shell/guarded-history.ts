import {
  NavigationType,
  parsePath,
  type Navigator,
  type To,
  type UNSAFE_createBrowserHistory,
} from 'react-router';

/** React Router's browser history (what `BrowserRouter` makes), or its memory one in tests. */
export type RouterHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/**
 * Asks whether a leaving of the page may go on now. Returns true when it is held: `go` then runs
 * once the buyer says to go on, and never if they stay.
 */
export type HoldLeaving = (go: () => void) => boolean;

/** The history a router navigates with and listens to, holding leavings `hold` asks to hold. */
export type GuardedHistory = Navigator & Pick<RouterHistory, 'action' | 'location' | 'listen'>;

/**
 * Wraps `history` so that every way of leaving the page consults `hold` first: the app's links
 * and `navigate()` (push, replace) are held before they happen; the browser's Back and Forward
 * have happened by the time the history hears of them, so a held one is undone at once
 * (`go(-delta)`, unseen by the router) and redone if the buyer goes on. A change of search or
 * hash alone stays on the page and is never held; nor is an entry the router did not make (no
 * index, so nothing to undo it by).
 */
export function guardHistory(history: RouterHistory, hold: HoldLeaving): GuardedHistory {
  // The location the router shows: a held Back has already moved `history.location` on.
  let shown = history.location;
  let undoing = false;
  let redoing = false;
  // The router hands over paths it resolved: one without a pathname is the same page's.
  const leavesPage = (to: To): boolean => {
    const { pathname } = typeof to === 'string' ? parsePath(to) : to;
    return pathname !== undefined && pathname !== '' && pathname !== shown.pathname;
  };
  const guarded = (move: () => void, to: To): void => {
    if (!leavesPage(to) || !hold(move)) move();
  };
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state: unknown) => guarded(() => history.push(to, state), to),
    replace: (to, state: unknown) => guarded(() => history.replace(to, state), to),
    listen: (listener) =>
      history.listen((update) => {
        if (undoing) {
          undoing = false;
          return;
        }
        const { delta, location } = update;
        if (update.action === NavigationType.Pop && redoing) redoing = false;
        else if (
          update.action === NavigationType.Pop &&
          delta !== null &&
          delta !== 0 &&
          location.pathname !== shown.pathname &&
          hold(() => {
            redoing = true;
            history.go(delta);
          })
        ) {
          undoing = true;
          history.go(-delta);
          return;
        }
        shown = location;
        listener(update);
      }),
  };
}
