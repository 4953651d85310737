import { useCallback, useEffect, useRef, useState } from 'react';
import type { UpdateCatalogQuery } from './use-catalog-query';

interface SearchTextState {
  text: string;
  /** The URL's search when last looked at. */
  url: string;
  /** Texts written to the URL that it has not shown yet, oldest first. */
  pending: string[];
}

/** Typing pauses this long before the text goes to the URL: a navigation per key costs a frame. */
const URL_WRITE_DELAY_MS = 250;

/**
 * The search box text, kept on screen at typing speed and written to the URL (replacing the
 * history entry) once typing pauses. Only a URL change this box did not write (Back, a shared
 * link) replaces the text.
 */
export function useSearchText(
  urlSearch: string,
  update: UpdateCatalogQuery,
): [string, (text: string) => void] {
  const [state, setState] = useState<SearchTextState>({
    text: urlSearch,
    url: urlSearch,
    pending: [],
  });
  let current = state;
  if (urlSearch !== state.url) {
    const written = state.pending.indexOf(urlSearch);
    current =
      written >= 0
        ? { text: state.text, url: urlSearch, pending: state.pending.slice(written + 1) }
        : { text: urlSearch, url: urlSearch, pending: [] };
    setState(current);
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const change = useCallback(
    (text: string) => {
      setState((previous) => ({ ...previous, text, pending: [...previous.pending, text] }));
      window.clearTimeout(timer.current);
      const before = urlSearchNow();
      timer.current = window.setTimeout(() => {
        // Back, a link or 'Clear all filters' changed the search meanwhile: that one stands.
        if (urlSearchNow() === before) update({ search: text }, { replace: true });
      }, URL_WRITE_DELAY_MS);
    },
    [update],
  );
  return [current.text, change];
}

function urlSearchNow(): string {
  return new URLSearchParams(window.location.search).get('search') ?? '';
}
