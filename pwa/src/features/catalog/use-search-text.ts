import { useCallback, useEffect, useRef } from 'react';
import type { UpdateCatalogQuery } from './use-catalog-query';

/** Typing pauses this long before the text goes to the URL: a navigation per key costs a frame. */
const URL_WRITE_DELAY_MS = 250;

/**
 * The search box's link with the URL: a typed text is written to the URL (replacing the history
 * entry) once typing pauses; a URL change the box did not write (Back, a shared link, 'Clear all
 * filters') is handed to `show`. Returns what to call with each typed text.
 */
export function useSearchText(
  urlSearch: string,
  update: UpdateCatalogQuery,
  show: (text: string) => void,
): (text: string) => void {
  /** The URL's search when last looked at. */
  const seen = useRef(urlSearch);
  /** Texts this box wrote to the URL that it has not shown yet, oldest first. */
  const written = useRef<string[]>([]);
  useEffect(() => {
    if (urlSearch === seen.current) return;
    seen.current = urlSearch;
    const ours = written.current.indexOf(urlSearch);
    if (ours >= 0) {
      written.current = written.current.slice(ours + 1);
      return;
    }
    written.current = [];
    show(urlSearch);
  }, [urlSearch, show]);

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      const before = urlSearchNow();
      timer.current = window.setTimeout(() => {
        // Back, a link or 'Clear all filters' changed the search meanwhile: that one stands. A
        // text the URL already has (typed away and back) is not written: no change would show it.
        if (urlSearchNow() !== before || text === before) return;
        written.current.push(text);
        update({ search: text }, { replace: true });
      }, URL_WRITE_DELAY_MS);
    },
    [update],
  );
}

function urlSearchNow(): string {
  return new URLSearchParams(window.location.search).get('search') ?? '';
}
