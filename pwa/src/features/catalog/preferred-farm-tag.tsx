import { farmMessages } from '@stemline/shared';
import './farm-preferences.css';

/**
 * Marks a row of one of the buyer's preferred farms. `short` (a card's one line) shows
 * 'Preferred' and tells screen readers the whole name.
 */
export function PreferredFarmTag({ short = false }: { short?: boolean }) {
  if (!short) return <span className="preferred-farm-tag">{farmMessages.preferredFarm}</span>;
  return (
    <span className="preferred-farm-tag">
      <span aria-hidden="true">Preferred</span>
      <span className="sl-visually-hidden">{farmMessages.preferredFarm}</span>
    </span>
  );
}
