import { describe, expect, it } from 'vitest';
import { orderLine as line, testOrder } from './order-fixture';
import { reorderItemsOf, reorderLines } from './reorder-items';

const order = testOrder({
  status: 'partially_cancelled',
  lines: [
    line(),
    line({ line_no: 2, variety_key: 'v-mondial', status: 'cancelled', cancelled_at: 1 }),
    line({ line_no: 3, variety_key: 'v-explorer', grower_key: 'gr-2', length: 50, boxes: 45 }),
  ],
});

describe('reorderLines', () => {
  it('re-orders each placed line as boxes of the same variety, grower and length', () => {
    expect(reorderItemsOf(order, false)).toEqual([
      {
        length: 60,
        quantity: 2,
        variety: 'v-freedom',
        grower: 'gr-1',
        box_only: true,
        repurchase_cartbox_item: null,
        substitute: false,
      },
      {
        length: 50,
        // A line over a price row's cap asks for the cap.
        quantity: 30,
        variety: 'v-explorer',
        grower: 'gr-2',
        box_only: true,
        repurchase_cartbox_item: null,
        substitute: false,
      },
    ]);
  });

  it('leaves cancelled lines out and pairs each item with the line it came from', () => {
    const lines = reorderLines(order, true);
    expect(lines.map(({ line: l }) => l.line_no)).toEqual([1, 3]);
    expect(lines.every(({ item }) => item.substitute)).toBe(true);
  });
});
