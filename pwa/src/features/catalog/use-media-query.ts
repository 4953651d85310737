import { createContext, use, useMemo, useSyncExternalStore } from 'react';

/**
 * The window's width the server renders a first screen for (src/ssr/first-screen.tsx): a media
 * query there is answered for a window of that width. Unused in the browser.
 */
export const ServerWidthContext = createContext(0);

/** Whether a CSS media query matches now, updated when it changes. */
export function useMediaQuery(query: string): boolean {
  const serverWidth = use(ServerWidthContext);
  // One MediaQueryList per query: creating one is not free, and the snapshot is read on every render.
  const store = useMemo(() => {
    if (typeof window === 'undefined') {
      const matches = matchesWidth(query, serverWidth);
      return { subscribe: () => () => undefined, matches: () => matches };
    }
    const list = window.matchMedia(query);
    return {
      subscribe: (onChange: () => void) => {
        list.addEventListener('change', onChange);
        return () => list.removeEventListener('change', onChange);
      },
      matches: () => list.matches,
    };
  }, [query, serverWidth]);
  return useSyncExternalStore(store.subscribe, store.matches, store.matches);
}

/**
 * Whether `query`, one `(min-width: Npx)` or `(max-width: Npx)` feature (the app's queries), holds
 * for a window `width` px wide; any other query does not.
 */
export function matchesWidth(query: string, width: number): boolean {
  const feature = /^\(\s*(min|max)-width:\s*(\d+)px\s*\)$/.exec(query.trim());
  if (!feature) return false;
  const limit = Number(feature[2]);
  return feature[1] === 'min' ? width >= limit : width <= limit;
}
