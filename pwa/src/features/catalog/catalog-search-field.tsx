import { memo, startTransition, useEffect, useRef } from 'react';
import { catalogMessages } from '@stemline/shared';
import { TextField } from '../../ui';
import type { UpdateCatalogQuery } from './use-catalog-query';
import { useSearchText } from './use-search-text';

interface CatalogSearchFieldProps {
  /** The URL's `search`. */
  urlSearch: string;
  update: UpdateCatalogQuery;
  /** Told each new text, in a transition: the field never waits for the results. */
  onSearch: (text: string) => void;
}

/**
 * The catalogue's search box. It keeps its own text, so a keystroke renders this field alone at
 * once; the page hears of each new text (typed, or from the URL: Back, a shared link, 'Clear all
 * filters') in a transition, and the URL once typing pauses (use-search-text.ts).
 */
export const CatalogSearchField = memo(function CatalogSearchField({
  urlSearch,
  update,
  onSearch,
}: CatalogSearchFieldProps) {
  const [text, setText] = useSearchText(urlSearch, update);
  const told = useRef(text);
  // The results follow in a transition: measured, rendering them in the keystroke's own event
  // lowered the median but left long keystrokes far longer (the field waited for the list).
  useEffect(() => {
    if (told.current === text) return;
    told.current = text;
    startTransition(() => onSearch(text));
  }, [text, onSearch]);
  return (
    <TextField
      label="Search"
      type="search"
      placeholder={catalogMessages.searchPlaceholder}
      value={text}
      onChange={setText}
      maxLength={100}
      className="catalog__search"
    />
  );
});
