import { useId, useState } from 'react';
import { catalogMessages, formatCount, SELECT_LIST_PREVIEW } from '@stemline/shared';
import { Button, Checkbox, CheckboxGroup } from '../../ui';
import type { FacetOption } from './catalog-model';
import { CountryFlag } from './country-flag';

interface FilterOptionListProps {
  label: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/**
 * A multi-choice filter: the first four options (spec §9), then 'Show more' for the rest. Chosen
 * options always show, and so does a chosen key the date does not offer (from a shared link), so
 * it can be unticked.
 */
export function FilterOptionList({ label, options, selected, onChange }: FilterOptionListProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const known = new Set(options.map((option) => option.key));
  const all: FacetOption[] = [
    ...options,
    ...selected.filter((key) => !known.has(key)).map((key) => ({ key, name: key, count: 0 })),
  ];
  const shown = expanded
    ? all
    : all.filter((option, index) => index < SELECT_LIST_PREVIEW || selected.includes(option.key));
  const hiddenCount = all.length - shown.length;
  const toggleText = expanded
    ? catalogMessages.showLess
    : `${catalogMessages.showMore} (${hiddenCount})`;
  return (
    <div className="filter-list">
      <CheckboxGroup
        id={listId}
        label={label}
        value={[...selected]}
        onChange={onChange}
        className="filter-list__group"
      >
        {shown.map((option) => (
          <Checkbox key={option.key} value={option.key} className="filter-list__option">
            {option.country !== undefined && (
              <CountryFlag
                iso={option.country.iso}
                name={option.country.name}
                decorative={option.country.name === option.name}
              />
            )}
            <span className="filter-list__name">{option.name}</span>
            <span className="filter-list__count">
              {formatCount(option.count)}
              <span className="sl-visually-hidden"> varieties</span>
            </span>
          </Checkbox>
        ))}
      </CheckboxGroup>
      {(expanded || hiddenCount > 0) && (
        <Button
          variant="quiet"
          size="sm"
          aria-expanded={expanded}
          aria-controls={listId}
          // The words shown, count included, then what the list holds (WCAG 2.5.3 label in name).
          aria-label={`${toggleText} ${label.toLowerCase()}`}
          onPress={() => setExpanded(!expanded)}
        >
          {toggleText}
        </Button>
      )}
    </div>
  );
}
