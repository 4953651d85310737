import { cardUsable, marketToday, standingOrderMessages, type SavedCard } from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { Select, SelectItem } from '../../ui';
import { cardLabel } from '../checkout/card-label';

/**
 * The saved card a standing order is charged to: a picker of the buyer's usable saved cards
 * (synced, so it works offline), and, in words, what happens when the order names a card that
 * was removed since (no order is made) or none at all (the newest card at each cut-off).
 */
export function ChargedCardSelect({
  cards,
  cardKey,
  onChange,
  isDisabled = false,
}: {
  cards: readonly SavedCard[];
  cardKey: string | null;
  onChange: (cardKey: string) => void;
  isDisabled?: boolean;
}) {
  const today = marketToday(serverClock.now());
  const usable = cards.filter((card) => cardUsable(card, today));
  const chosen = cards.find((card) => card.key === cardKey);
  const note =
    cardKey === null
      ? usable.length === 0
        ? standingOrderMessages.noCardSaved
        : standingOrderMessages.chargedToNewest
      : !chosen || !cardUsable(chosen, today)
        ? standingOrderMessages.cardRemoved
        : standingOrderMessages.chargedTo(cardLabel(chosen));
  return (
    <div className="standing-orders__card">
      {usable.length > 0 && (
        <Select
          label="Charged to card"
          placeholder="Choose a card"
          items={usable.map((card) => ({ id: card.key, name: cardLabel(card) }))}
          selectedKey={chosen && cardUsable(chosen, today) ? chosen.key : null}
          onSelectionChange={(key) => onChange(String(key))}
          isDisabled={isDisabled}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      )}
      <p className="standing-orders__policy" data-testid="standing-order-card">
        {note}
      </p>
    </div>
  );
}
