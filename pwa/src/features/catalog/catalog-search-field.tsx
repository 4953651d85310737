import { memo, startTransition, useCallback, useEffect, useRef } from 'react';
import { catalogMessages } from '@stemline/shared';
import { TextField } from '../../ui';
import type { UpdateCatalogQuery } from './use-catalog-query';
import { useSearchText } from './use-search-text';

interface CatalogSearchFieldProps {
  /** The URL's `search`. */
  urlSearch: string;
  update: UpdateCatalogQuery;
  /** Told each new text: a typed one at once, one from the URL in a transition. */
  onSearch: (text: string) => void;
}

/**
 * The catalogue's search box. It keeps its own text and writes it to the URL once typing pauses
 * (use-search-text.ts). The page hears of each typed text in the keystroke's own update, so the
 * field and the results it gives are painted in one frame; a text from the URL (Back, a shared
 * link, 'Clear all filters') reaches it after the field shows it.
 */
export const CatalogSearchField = memo(function CatalogSearchField({
  urlSearch,
  update,
  onSearch,
}: CatalogSearchFieldProps) {
  const [text, setText] = useSearchText(urlSearch, update);
  const told = useRef(text);
  const type = useCallback(
    (typed: string) => {
      setText(typed);
      // Measured (bench:catalog): with the results in a transition a keystroke took two frames,
      // the field's and then the list's, and the second often missed its tick.
      told.current = typed;
      onSearch(typed);
    },
    [setText, onSearch],
  );
  useEffect(() => {
    if (told.current === text) return;
    told.current = text;
    startTransition(() => onSearch(text));
  }, [text, onSearch]);
  return (
    // A form of its own: the page's search landmark. Chrome's autofill looks over a changed field's
    // form in a task after each keystroke; for a field outside any form, that is every such field
    // in the page (the filters' checkboxes, the view's radios…). In bench:catalog's trace, that
    // task took 0.92 ms a keystroke on average, and 0.52 with this form.
    <form role="search" className="catalog__search" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="Search"
        type="search"
        placeholder={catalogMessages.searchPlaceholder}
        value={text}
        onChange={type}
        maxLength={100}
        // Variety and farm names ('Vendela', 'Hacienda Puembo') are not misspellings, and a
        // browser's own autocomplete list would cover the results.
        spellCheck="false"
        autoCorrect="off"
        autoComplete="off"
      />
    </form>
  );
});
