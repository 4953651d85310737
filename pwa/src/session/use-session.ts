import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store';

/** The current session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  // The server renders a visitor's first screen (ssr/first-screen.tsx): no session there.
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, noSession);
}

function noSession(): null {
  return null;
}
