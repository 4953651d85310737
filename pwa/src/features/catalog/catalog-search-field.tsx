import { memo, startTransition, useCallback, useId, useRef } from 'react';
import { Input, Label } from 'react-aria-components';
import { catalogMessages } from '@stemline/shared';
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
 * The catalogue's search box. The browser keeps its text (the input is not controlled), so a
 * keystroke renders only the page's content, not the field too; the text goes to the URL once
 * typing pauses (use-search-text.ts). The page hears of each typed text in the keystroke's own
 * update, so the field and the results it gives are painted in one frame; a text from the URL
 * (Back, a shared link, 'Clear all filters') is put in the box, and the results follow in a
 * transition. A controlled field re-rendered itself on every keystroke, a large share of the
 * keystroke's work (docs/performance.md, "Catalogue search field").
 */
export const CatalogSearchField = memo(function CatalogSearchField({
  urlSearch,
  update,
  onSearch,
}: CatalogSearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const showFromUrl = useCallback(
    (text: string) => {
      if (input.current) input.current.value = text;
      startTransition(() => onSearch(text));
    },
    [onSearch],
  );
  const typed = useSearchText(urlSearch, update, showFromUrl);
  return (
    // A form of its own: the page's search landmark. Chrome's autofill looks over a changed field's
    // form in a task after each keystroke; for a field outside any form, that is every such field
    // in the page (the filters' checkboxes, the view's radios…): a form of its own makes that task
    // shorter (docs/performance.md).
    <form role="search" className="catalog__search" onSubmit={(event) => event.preventDefault()}>
      <div className="sl-field">
        <Label className="sl-field__label" htmlFor={id}>
          Search
        </Label>
        <div className="sl-field__control">
          <Input
            ref={input}
            id={id}
            className="sl-input"
            type="search"
            placeholder={catalogMessages.searchPlaceholder}
            defaultValue={urlSearch}
            onChange={(event) => {
              const text = event.currentTarget.value;
              typed(text);
              // With the results in a transition a keystroke took two frames, the field's and
              // then the list's, and the second often missed its tick (docs/performance.md).
              onSearch(text);
            }}
            maxLength={100}
            // Variety and farm names ('Vendela', 'Hacienda Puembo') are not misspellings, and a
            // browser's own autocomplete list would cover the results.
            spellCheck="false"
            autoCorrect="off"
            autoComplete="off"
          />
        </div>
      </div>
    </form>
  );
});
