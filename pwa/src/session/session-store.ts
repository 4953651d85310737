import type { User } from '@stemline/shared';
import {
  OUTBOX_JOURNAL_PREFIX,
  UNSENT_MARKER_PREFIX,
  UNSENT_TOLD_KEY,
} from '../storage/outbox-journal-key';
import { loadStartSchemas, startSchemas, type StartSchemas } from '../storage/start-schemas-loader';

/**
 * The signed-in session, kept in localStorage (spec §9 keys: token, user_key, last email used)
 * so a signed-in device stays signed in offline. Listeners hear every change, including ones
 * made in another tab.
 *
 * A staff login-as session (spec §6: "Login-as sessions are skipped by local-storage syncing")
 * is a tab session instead: kept in this tab's sessionStorage only, so it never overwrites the
 * device's own session in localStorage, other tabs never see it, and this tab ignores the
 * localStorage changes other tabs make while it holds it.
 *
 * A stored session is read with its schema (start-schemas.ts), which loads beside a visitor's
 * first screen (issue 28); a start with a stored session waits for it (boot.tsx). A session
 * that shows up before the schema has loaded reads as none until it has, then listeners hear.
 */
const KEYS = {
  token: 'token',
  userKey: 'user_key',
  user: 'stemline.user',
  lastEmail: 'last_email_used',
} as const;
/** sessionStorage key of a tab session: JSON `{ token, user }`. */
export const TAB_SESSION_KEY = 'stemline.tab_session';
/**
 * sessionStorage key: the server refused this tab's session and the buyer has not been told yet.
 * Kept in the tab, not in memory: the refusal can come just before a reload, or before the app
 * has mounted what tells them (session-expiry.tsx).
 */
const EXPIRED_KEY = 'stemline.expired';

/** The session's own keys: all an expiry removes (a queued change must never be dropped). */
const SESSION_KEYS = [KEYS.token, KEYS.userKey, KEYS.user];

/**
 * Whether a device key outlasts a logout, which clears the rest (spec §4): the last email used
 * (spec §9), which prefills the next log-in, and the outbox journals and unsent-change notes of
 * accounts whose copies are kept here (one whose session expired; logout.ts clears its own with its
 * copy).
 */
const outlastsLogout = (key: string): boolean =>
  key === KEYS.lastEmail ||
  key.startsWith(OUTBOX_JOURNAL_PREFIX) ||
  key.startsWith(UNSENT_MARKER_PREFIX);

/** Forgets this tab's session; a device session by removing the keys `ends` (all tabs hear). */
function endSession(ends: (key: string) => boolean): void {
  // The next session is told again of other accounts' unsent changes (sync/unsent-marker.ts).
  sessionStorage.removeItem(UNSENT_TOLD_KEY);
  if (hasTabSession()) sessionStorage.removeItem(TAB_SESSION_KEY);
  else {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key !== null && ends(key)) localStorage.removeItem(key);
  }
  notify();
}

/** Where a session is kept: the device (localStorage, shared by tabs) or this tab only. */
export type SessionScope = 'device' | 'tab';

export interface Session {
  token: string;
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function readTabSession(schemas: StartSchemas): Session | null {
  const raw = sessionStorage.getItem(TAB_SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = schemas.tabSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function hasTabSession(): boolean {
  return sessionStorage.getItem(TAB_SESSION_KEY) !== null;
}

/** Whether a session is kept here (not yet checked against its schema). */
export function hasStoredSession(): boolean {
  return (
    hasTabSession() ||
    (localStorage.getItem(KEYS.token) !== null && localStorage.getItem(KEYS.user) !== null)
  );
}

function read(): Session | null {
  if (!hasStoredSession()) return null;
  const schemas = startSchemas();
  if (!schemas) {
    loadStartSchemas().then(notify, () => undefined);
    return null;
  }
  if (hasTabSession()) return readTabSession(schemas);
  const token = localStorage.getItem(KEYS.token);
  const rawUser = localStorage.getItem(KEYS.user);
  if (!token || !rawUser) return null;
  try {
    const user = schemas.userSchema.safeParse(JSON.parse(rawUser));
    return user.success ? { token, user: user.data } : null;
  } catch {
    return null;
  }
}

/** Token swaps in flight (`withTokenSwap`), and the token refused meanwhile, if any. */
let tokenSwaps = 0;
let heldExpiry: string | undefined;

function notify(): void {
  cached = undefined;
  listeners.forEach((listener) => listener());
}

// Not on the server, which renders a visitor's first screen (ssr/first-screen.tsx).
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    // A tab session is skipped by local-storage syncing: other tabs' sign-ins and sign-outs
    // (localStorage) do not touch it. sessionStorage changes fire no events in other tabs.
    if (hasTabSession()) return;
    if (
      event.key === null ||
      Object.values(KEYS).includes(event.key as (typeof KEYS)[keyof typeof KEYS])
    )
      notify();
  });

export const sessionStore = {
  get: (): Session | null => {
    if (cached === undefined) cached = read();
    return cached;
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /**
   * Keeps a session. `scope: 'tab'` (staff login-as) keeps it in this tab's sessionStorage only;
   * without a scope, a tab that holds a tab session keeps it there (a refreshed user or token of
   * the same login-as session), every other sign-in goes to the device's localStorage.
   */
  signIn(token: string, user: User, scope?: SessionScope): void {
    if ((scope ?? sessionStore.scope()) === 'tab') {
      sessionStorage.setItem(TAB_SESSION_KEY, JSON.stringify({ token, user }));
    } else {
      localStorage.setItem(KEYS.token, token);
      localStorage.setItem(KEYS.userKey, user.key);
      localStorage.setItem(KEYS.user, JSON.stringify(user));
      localStorage.setItem(KEYS.lastEmail, user.email);
    }
    sessionStorage.removeItem(EXPIRED_KEY);
    notify();
  },
  /** Where the current session of this tab is kept. */
  scope: (): SessionScope => (hasTabSession() ? 'tab' : 'device'),
  /**
   * Forgets the session. A device session clears what is kept in localStorage (spec §4: logout
   * clears local storage) but the keys that outlast it (`outlastsLogout`); a tab session
   * (login-as) forgets only itself, leaving the device's own session and other tabs alone.
   */
  signOut: (): void => endSession((key) => !outlastsLogout(key)),
  /**
   * The server refused the token: forget the session alone (its outbox journal, the rest of the
   * device's keys and the account's copy stay for its next log-in) and remember why, so the UI
   * can say so. Given the refused token, nothing happens when the session has a newer one already
   * (a password change swaps the token while calls made with the old one may still be answered
   * 401).
   */
  expire(refusedToken?: string): void {
    const current = sessionStore.get()?.token;
    if (refusedToken !== undefined && current !== refusedToken) return;
    if (tokenSwaps > 0) {
      heldExpiry = current;
      return;
    }
    sessionStorage.setItem(EXPIRED_KEY, '1');
    endSession((key) => SESSION_KEYS.includes(key as (typeof SESSION_KEYS)[number]));
  },
  /**
   * Runs `swap`, which replaces this session's token (a password change signs in with the token
   * its answer carries). The server ends the old token before that answer arrives, so a call made
   * meanwhile with it is refused: that refusal is held until `swap` is done, and then counts only
   * if the session still has the refused token (the swap failed).
   */
  async withTokenSwap<T>(swap: () => Promise<T>): Promise<T> {
    tokenSwaps += 1;
    try {
      return await swap();
    } finally {
      tokenSwaps -= 1;
      const held = heldExpiry;
      if (tokenSwaps === 0 && held !== undefined) {
        heldExpiry = undefined;
        sessionStore.expire(held);
      }
    }
  },
  /** Whether this tab's session was refused (`expire`) and the buyer not yet told. */
  wasExpired(): boolean {
    return sessionStorage.getItem(EXPIRED_KEY) !== null;
  },
  /** The buyer has been told that the session expired (its toast has run its course). */
  toldOfExpiry: (): void => sessionStorage.removeItem(EXPIRED_KEY),
  lastEmail(): string {
    return localStorage.getItem(KEYS.lastEmail) ?? '';
  },
  /** Remembers the email a visitor typed, so the sign-up page can show it read-only. */
  rememberEmail(email: string): void {
    localStorage.setItem(KEYS.lastEmail, email);
  },
};
