import type { CartLine } from '../schemas/cart';
import type { BuyerEvent } from '../schemas/events';
import { unitsPerBox } from './pricing';

type PricedLine = Pick<
  CartLine,
  'key' | 'uom' | 'stems_per_bunch' | 'bunches_in_box' | 'boxes' | 'stem_price_cents'
> & { campaign_recipient?: string | null | undefined };

/** What a cart line costs now, in whole cents: unit price in cents × units per box × boxes. */
export function cartLineCents(line: PricedLine): number {
  return line.stem_price_cents * unitsPerBox(line) * line.boxes;
}

/** The cart lines of one event (or of none: `event` null) and what they cost, in cents. */
export interface EventCartGroup<Line extends PricedLine> {
  event: BuyerEvent | null;
  lines: Line[];
  subtotal_cents: number;
}

/**
 * The cart viewed per event: one group per event that has lines, by event date, then the lines
 * of no event (or of an event no longer known) last. Each group carries its subtotal in cents.
 */
export function groupCartByEvent<Line extends PricedLine>(
  lines: readonly Line[],
  events: readonly BuyerEvent[],
): EventCartGroup<Line>[] {
  const byKey = new Map(events.map((event) => [event.key, event]));
  const groups = new Map<string | null, Line[]>();
  for (const line of lines) {
    const key =
      line.campaign_recipient && byKey.has(line.campaign_recipient)
        ? line.campaign_recipient
        : null;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const ordered = [...events]
    .sort((a, b) => a.date - b.date || a.name.localeCompare(b.name))
    .filter((event) => groups.has(event.key))
    .map((event) => ({ event, lines: groups.get(event.key) ?? [] }));
  const none = groups.get(null);
  return [...ordered, ...(none ? [{ event: null, lines: none }] : [])].map((group) => ({
    ...group,
    subtotal_cents: group.lines.reduce((sum, line) => sum + cartLineCents(line), 0),
  }));
}
