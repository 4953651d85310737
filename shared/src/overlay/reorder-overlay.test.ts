import { describe, expect, it } from 'vitest';
import { cartLineKey, type CartLine } from '../schemas/cart';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import type { OverlayEntry } from './queued-mutation';
import { overlayCart } from './visible-collections';

const variety: Variety = {
  key: 'v-1',
  name: 'Freedom',
  product_group_key: 'pg-rose',
  product_group_name: 'Roses',
  category_key: 'cat-roses',
  category_name: 'Roses',
  color_key: 'col-red',
  color_name: 'Red',
  color_code: '#b11226',
  tags: [],
  search_name: 'freedom',
  rank: 1,
};
const grower: Grower = {
  key: 'gr-1',
  grower_name: 'Finca Andina',
  country_iso: 'EC',
  country_name: 'Ecuador',
  importer: false,
};
const offer: Offer = {
  inventory_key: 7,
  variety_key: 'v-1',
  grower_key: 'gr-1',
  eta_from: 20261130,
  eta_to: 20261204,
  length: 60,
  stems_per_bunch: 25,
  bunches_in_box: 4,
  uom: 'stem',
  packing_date: 20261127,
  open_market: false,
  // Three boxes of 100 stems.
  available: 300,
  grower_price: 0.95,
  import_duties_tax: 0.068,
  freight_cost: 18,
  box_charge: 4,
  margin_discount: 0.3,
  stem_price: 1.6,
};
const item = (variety: string, quantity: number) => ({
  length: 60,
  quantity,
  variety,
  grower: 'gr-1',
  substitute: true,
});

function reorder(
  status: OverlayEntry['status'],
  items: ReturnType<typeof item>[],
  rows: ({ offer: Offer; variety: Variety; grower: Grower } | null)[],
  appliedSeq?: number,
): OverlayEntry {
  return {
    id: 'm-1',
    name: 'reorder_products',
    createdAt: 1,
    status,
    appliedSeq,
    args: { items, eta_date: 20261130, address: null },
    preview: { rows },
  };
}

describe('reorder_products overlay', () => {
  it('shows at once the items whose rows the device holds, and none of those it does not', () => {
    const lines = overlayCart(
      [],
      [
        reorder(
          'pending',
          [item('v-1', 2), item('v-unknown-here', 1)],
          [{ offer, variety, grower }, null],
        ),
      ],
      0,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      key: cartLineKey(7, 20261130),
      boxes: 2,
      pendingBoxes: 2,
      variety_name: 'Freedom',
    });
  });

  it('takes no more boxes than the stock the device saw, as a queued add would', () => {
    const lines = overlayCart(
      [],
      [reorder('pending', [item('v-1', 30)], [{ offer, variety, grower }])],
      0,
    );
    expect(lines[0]?.boxes).toBe(3);
  });

  it('is not drawn twice once the pulled line carries it', () => {
    const pulled: CartLine & { seq: number } = {
      ...overlayCart(
        [],
        [reorder('pending', [item('v-1', 2)], [{ offer, variety, grower }])],
        0,
      )[0]!,
      seq: 9,
    };
    const lines = overlayCart(
      [pulled],
      [reorder('applied', [item('v-1', 2)], [{ offer, variety, grower }], 9)],
      8,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ boxes: 2, pendingBoxes: 0 });
  });

  it('leaves the cart at once when the server refused it', () => {
    expect(
      overlayCart([], [reorder('rejected', [item('v-1', 2)], [{ offer, variety, grower }])], 0),
    ).toEqual([]);
  });
});
