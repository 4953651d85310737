import { describe, expect, it } from 'vitest';
import type { BuyerEvent } from '../schemas/events';
import { cartLineCents, groupCartByEvent } from './event-cart';

const event = (key: string, date: number): BuyerEvent => ({
  key,
  name: key,
  date,
  venue_address: '',
  notes: '',
  created_at: 0,
  updated_at: 0,
});
const line = (key: string, campaign: string | null, stemPriceCents: number, boxes = 1) => ({
  key,
  uom: 'stem' as 'stem' | 'bunch',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  boxes,
  stem_price_cents: stemPriceCents,
  campaign_recipient: campaign,
});

describe('cartLineCents', () => {
  it.each([
    [line('a', null, 35), 3500],
    [line('b', null, 35, 3), 10500],
    [line('c', null, 30), 3000],
    [{ ...line('d', null, 250), uom: 'bunch' as const }, 1000],
  ])('%j costs %i cents', (l, cents) => {
    expect(cartLineCents(l)).toBe(cents);
  });
});

describe('groupCartByEvent', () => {
  const wedding = event('wedding', 20261205);
  const gala = event('gala', 20261201);

  it('groups lines per event by event date, lines of no event last, each with its subtotal', () => {
    const groups = groupCartByEvent(
      [
        line('1', 'wedding', 50),
        line('2', null, 25),
        line('3', 'gala', 100),
        line('4', 'wedding', 50, 2),
      ],
      [wedding, gala],
    );
    expect(
      groups.map((g) => [g.event?.key ?? null, g.lines.map((l) => l.key), g.subtotal_cents]),
    ).toEqual([
      ['gala', ['3'], 10000],
      ['wedding', ['1', '4'], 15000],
      [null, ['2'], 2500],
    ]);
  });

  it('puts a line of an unknown or deleted event with the lines of no event', () => {
    const groups = groupCartByEvent([line('1', 'gone', 50), line('2', '', 50)], [gala]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.event).toBeNull();
    expect(groups[0]?.subtotal_cents).toBe(10000);
  });

  it('leaves out events without lines and answers nothing for an empty cart', () => {
    expect(groupCartByEvent([], [wedding, gala])).toEqual([]);
  });
});
