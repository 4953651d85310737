import {
  createContext,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router, UNSAFE_createBrowserHistory } from 'react-router';
import { guardHistory } from './guarded-history';

/**
 * Leaving a page with unsaved typing asks 'Discard the changes?' first, however the buyer leaves:
 * a link of the header or of the page, a `navigate()` of the app, the browser's Back or Forward.
 * `LeaveGuardRouter` holds such a leaving; each form with typing to lose registers with
 * `useLeaveGuard` and asks the question in its own dialog. Closing or reloading the tab is the
 * browser's own question (`beforeunload`).
 *
 * Why not the router's `useBlocker`: it needs a data router (`createBrowserRouter`), whose code
 * would add 18 KB gzip to a visitor's first screen, over its limit (docs/performance.md).
 */

/** The answers to a leaving that was held to ask 'Discard the changes?'. */
export interface LeaveQuestion {
  /** Keep editing: the page stays, and every field as typed. */
  stay: () => void;
  /** Discard: go where the buyer asked to go. */
  leave: () => void;
}

interface Guard {
  hasTyping: () => boolean;
  onAsk: () => void;
}

interface Held {
  guard: Guard;
  go: () => void;
}

interface LeaveGuards {
  add: (guard: Guard) => () => void;
  /** The guard a leaving is held for, while its question is open. */
  asking: Guard | null;
  question: LeaveQuestion;
}

const LeaveGuardContext = createContext<LeaveGuards | null>(null);

/**
 * The browser's router (as `BrowserRouter`), holding a leaving of the page while a form
 * registered with `useLeaveGuard` has typing, until that form's question is answered.
 */
export function LeaveGuardRouter({ children }: { children: ReactNode }) {
  const [guards] = useState(() => new Set<Guard>());
  const [held, setHeld] = useState<Held | null>(null);
  const [history] = useState(() =>
    guardHistory(UNSAFE_createBrowserHistory({ v5Compat: true }), (go) => {
      const guard = [...guards].find((g) => g.hasTyping());
      if (guard) setHeld({ guard, go });
      return guard !== undefined;
    }),
  );
  const [shown, setShown] = useState({ action: history.action, location: history.location });
  // As BrowserRouter does: a page's code that is still loading keeps the last page on screen.
  useLayoutEffect(
    () => history.listen((update) => startTransition(() => setShown(update))),
    [history],
  );
  useEffect(() => held?.guard.onAsk(), [held]);

  const [add] = useState(() => (guard: Guard) => {
    guards.add(guard);
    return () => {
      guards.delete(guard);
      // Its form went while the question was open (its page closed): the question goes too.
      setHeld((current) => (current?.guard === guard ? null : current));
    };
  });
  const value = useMemo<LeaveGuards>(
    () => ({
      add,
      asking: held?.guard ?? null,
      question: {
        stay: () => setHeld(null),
        leave: () => {
          setHeld(null);
          held?.go();
        },
      },
    }),
    [add, held],
  );
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      <LeaveGuardContext value={value}>{children}</LeaveGuardContext>
    </Router>
  );
}

/**
 * Guards a form's unsaved typing while it is mounted: `hasTyping` says whether leaving now would
 * drop some. Returns the question to ask while a leaving of the page waits for the answer, else
 * null; `onAsk` runs as that question arrives (for a form that must change its view to ask it).
 * Closing or reloading the tab with typing gets the browser's own prompt. Outside a
 * `LeaveGuardRouter` (the server's render) only that prompt guards.
 */
export function useLeaveGuard(hasTyping: () => boolean, onAsk?: () => void): LeaveQuestion | null {
  const guards = use(LeaveGuardContext);
  const latest = useRef({ hasTyping, onAsk });
  useLayoutEffect(() => {
    latest.current = { hasTyping, onAsk };
  });
  const [guard] = useState<Guard>(() => ({
    hasTyping: () => latest.current.hasTyping(),
    onAsk: () => latest.current.onAsk?.(),
  }));
  const add = guards?.add;
  useEffect(() => add?.(guard), [add, guard]);
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent): void => {
      if (guard.hasTyping()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guard]);
  return guards?.asking === guard ? guards.question : null;
}
