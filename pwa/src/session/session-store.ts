import { userSchema, type User } from '@stemline/shared';
import { z } from 'zod';

/**
 * The signed-in session, kept in localStorage (spec §9 keys: token, user_key, last email used)
 * so a signed-in device stays signed in offline. Listeners hear every change, including ones
 * made in another tab.
 */
const KEYS = {
  token: 'token',
  userKey: 'user_key',
  user: 'stemline.user',
  lastEmail: 'last_email_used',
} as const;

export interface Session {
  token: string;
  user: User;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;
let expiredFlag = false;

function read(): Session | null {
  const token = localStorage.getItem(KEYS.token);
  const rawUser = localStorage.getItem(KEYS.user);
  if (!token || !rawUser) return null;
  try {
    const user = userSchema.safeParse(JSON.parse(rawUser));
    return user.success ? { token, user: user.data } : null;
  } catch {
    return null;
  }
}

function notify(): void {
  cached = undefined;
  listeners.forEach((listener) => listener());
}

window.addEventListener('storage', (event) => {
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
  signIn(token: string, user: User): void {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.userKey, user.key);
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    localStorage.setItem(KEYS.lastEmail, user.email);
    expiredFlag = false;
    notify();
  },
  /** Forgets the session and everything kept in localStorage (spec §4: logout clears local storage). */
  signOut(): void {
    localStorage.clear();
    notify();
  },
  /** The server refused the token: sign out and remember why, so the UI can say so. */
  expire(): void {
    expiredFlag = true;
    sessionStore.signOut();
  },
  wasExpired(): boolean {
    return expiredFlag;
  },
  lastEmail(): string {
    return z.string().catch('').parse(localStorage.getItem(KEYS.lastEmail));
  },
  /** Remembers the email a visitor typed, so the sign-up page can show it read-only. */
  rememberEmail(email: string): void {
    localStorage.setItem(KEYS.lastEmail, email);
  },
};
