import { lazy, Suspense } from 'react';
import { cx } from './class-names';
import { ChevronDownIcon } from './icons';

/** One choice of a DeferredSelect. */
export interface DeferredSelectOption {
  id: string;
  name: string;
}

export interface DeferredSelectProps {
  label: string;
  options: readonly DeferredSelectOption[];
  selectedKey: string;
  onSelectionChange: (key: string) => void;
  className?: string;
}

// react-aria's Select, listbox and popover are a large part of a page's code: pages whose first
// screen shows a select closed (the catalogue's sort) paint it before that code arrives (issue 28).
const LoadedSelect = lazy(() =>
  import('./select').then(({ Select, SelectItem }) => ({
    default: function LoadedSelect({
      label,
      options,
      selectedKey,
      onSelectionChange,
      className,
    }: DeferredSelectProps) {
      return (
        <Select
          label={label}
          items={options}
          selectedKey={selectedKey}
          onSelectionChange={(key) => {
            if (key !== null) onSelectionChange(String(key));
          }}
          {...(className !== undefined && { className })}
        >
          {(option) => <SelectItem id={option.id}>{option.name}</SelectItem>}
        </Select>
      );
    },
  })),
);

/**
 * `Select` over fixed options whose code loads as the page first renders: until it has, the
 * closed select shows as `Select` draws it (same classes and text), announced as unavailable.
 */
export function DeferredSelect(props: DeferredSelectProps) {
  return (
    <Suspense fallback={<ClosedSelect {...props} />}>
      <LoadedSelect {...props} />
    </Suspense>
  );
}

/** The closed look of `Select` (ui/select.tsx), not yet operable. */
function ClosedSelect({ label, options, selectedKey, className }: DeferredSelectProps) {
  const selected = options.find((option) => option.id === selectedKey);
  return (
    <div className={cx('sl-field sl-select', className)}>
      <span className="sl-field__label">{label}</span>
      <button
        type="button"
        className="sl-field__control sl-select__trigger"
        aria-label={selected ? `${selected.name} ${label}` : label}
        aria-haspopup="listbox"
        aria-disabled="true"
      >
        <span className="sl-select__value">{selected?.name}</span>
        <ChevronDownIcon className="sl-select__chevron" />
      </button>
      {/* Where Select keeps its error (FieldErrorMessage): empty, it still takes the field's gap,
          and without it the field was 4 px shorter, so what follows moved as the code came. */}
      <div className="sl-field__error-region" />
    </div>
  );
}
