import { useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, updated when it changes. On the server, which renders a
 * visitor's first screen on a phone (ssr/first-screen.tsx), none matches.
 */
export function useMediaQuery(query: string): boolean {
  // One MediaQueryList per query: creating one is not free, and the snapshot is read on every render.
  const store = useMemo(() => {
    if (typeof window === 'undefined') return serverStore;
    const list = window.matchMedia(query);
    return {
      subscribe: (onChange: () => void) => {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      },
      matches: () => list.matches,
    };
  }, [query]);
  return useSyncExternalStore(store.subscribe, store.matches, store.matches);
}

const serverStore = { subscribe: () => () => undefined, matches: () => false };
