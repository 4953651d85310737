import { describe, expect, it } from 'vitest';
import { cartLineKey, type CartLine } from '../schemas/cart';
import type { Grower, Offer, Variety } from '../schemas/catalog';
import { testGrower, testOffer, testVariety } from '../rules/catalog-fixture';
import type { OverlayEntry } from './queued-mutation';
import { overlayCart } from './visible-collections';

const variety = testVariety();
const grower = testGrower();
const offer = testOffer();
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
