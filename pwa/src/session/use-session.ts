import { useSyncExternalStore } from 'react';
import { sessionStore, type Session } from './session-store';

/** The current session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
