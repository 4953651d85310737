import { catalogMessages, type StemLengthRange } from '@stemline/shared';
import { DeferredSelect } from '../../ui';

const ANY = 'any';

interface StemLengthFilterProps {
  lengths: readonly number[];
  range: StemLengthRange;
  onChange: (range: StemLengthRange) => void;
}

/**
 * Shortest and longest stem length. The filter applies only with both ends (spec §5), so choosing
 * one end fills the other with the widest length offered; choosing 'Any' clears both.
 */
export function StemLengthFilter({ lengths, range, onChange }: StemLengthFilterProps) {
  const shortest = lengths[0];
  const longest = lengths[lengths.length - 1];
  if (shortest === undefined || longest === undefined) return null;
  const options = [
    { id: ANY, name: 'Any' },
    ...[...new Set([...lengths, ...[range.min, range.max].filter((cm) => cm !== null)])]
      .sort((a, b) => a - b)
      .map((cm) => ({ id: String(cm), name: `${cm} cm` })),
  ];
  const choose = (end: 'min' | 'max', key: string) => {
    if (key === ANY) return onChange({ min: null, max: null });
    const cm = Number(key);
    const min = end === 'min' ? cm : (range.min ?? Math.min(shortest, cm));
    const max = end === 'max' ? cm : (range.max ?? Math.max(longest, cm));
    onChange(min <= max ? { min, max } : { min: cm, max: cm });
  };
  const halfSet = (range.min === null) !== (range.max === null);
  return (
    <fieldset className="stem-length-filter">
      <legend className="sl-field__label">Stem length</legend>
      <div className="stem-length-filter__ends">
        {(['min', 'max'] as const).map((end) => (
          <DeferredSelect
            key={end}
            label={end === 'min' ? 'Shortest' : 'Longest'}
            options={options}
            selectedKey={String(range[end] ?? ANY)}
            onSelectionChange={(key) => choose(end, key)}
          />
        ))}
      </div>
      {halfSet && <p className="stem-length-filter__hint">{catalogMessages.lengthFilterHint}</p>}
    </fieldset>
  );
}
