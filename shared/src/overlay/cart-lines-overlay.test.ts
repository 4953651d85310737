import { describe, expect, it } from 'vitest';
import { cartLineKey, type CartLine } from '../schemas/cart';
import { testGrower, testOffer, testVariety } from '../rules/catalog-fixture';
import type { OverlayEntry } from './queued-mutation';
import { overlayCart } from './visible-collections';

const variety = testVariety();
const grower = testGrower();
const offer = testOffer();

function add(
  id: string,
  quantity: number,
  status: OverlayEntry['status'],
  appliedSeq?: number,
): OverlayEntry {
  return {
    id,
    name: 'add_to_cart',
    createdAt: Number(id.replace(/\D/g, '')) || 1,
    status,
    appliedSeq,
    args: {
      variety: 'v-1',
      grower: 'gr-1',
      length: 60,
      eta_date: 20261130,
      quantity,
      inventory_key: 7,
    },
    preview: { offer, variety, grower },
  };
}

const serverLine = (boxes: number): CartLine => ({
  key: cartLineKey(7, 20261130),
  inventory_key: 7,
  variety_key: 'v-1',
  variety_name: 'Freedom',
  color_code: '#b11226',
  grower_key: 'gr-1',
  grower_name: 'Finca Andina',
  country_iso: 'EC',
  length: 60,
  eta_date: 20261130,
  boxes,
  uom: 'stem',
  stems_per_bunch: 25,
  bunches_in_box: 4,
  price_at_add_cents: 160,
  stem_price_cents: 160,
  open_market: false,
  reserved_until: null,
  added_at: 1,
  updated_at: 1,
});

describe('overlayCart', () => {
  it('keeps a queued add for another address on a line of its own, shipping there', () => {
    const dock = {
      _KEY: 'a-dock',
      address: '9 Dock Road',
      city: 'Newark',
      state: 'NJ',
      zipcode: '07105',
    };
    const toDock = add('m2', 1, 'pending');
    toDock.args = { ...toDock.args, address: 'a-dock' };
    toDock.preview = { offer, variety, grower, shipTo: dock };
    const lines = overlayCart([{ ...serverLine(2), seq: 1 }], [toDock], 1);
    expect(lines.map((line) => [line.key, line.boxes, line.ship_to?.address])).toEqual(
      expect.arrayContaining([
        [cartLineKey(7, 20261130), 2, undefined],
        [cartLineKey(7, 20261130, 'a-dock'), 1, '9 Dock Road'],
      ]),
    );
  });

  it('shows a pending add as a line with pending boxes', () => {
    const [line] = overlayCart([], [add('m1', 2, 'pending')], 0);
    expect(line).toMatchObject({ boxes: 2, pendingBoxes: 2, variety_name: 'Freedom' });
  });

  it('adds pending boxes on top of the server line', () => {
    const [line] = overlayCart([serverLine(1)], [add('m2', 2, 'pending')], 10);
    expect(line).toMatchObject({ boxes: 3, pendingBoxes: 2 });
  });

  it('keeps an applied mutation until the checkpoint reaches its seq, then drops it without double counting', () => {
    const applied = add('m3', 2, 'applied', 12);
    expect(overlayCart([], [applied], 11)[0]).toMatchObject({ boxes: 2 });
    expect(overlayCart([serverLine(2)], [applied], 12)[0]).toMatchObject({
      boxes: 2,
      pendingBoxes: 0,
    });
  });

  it('does not count an applied add twice when its line is pulled before the checkpoint moves', () => {
    const applied = add('m7', 2, 'applied', 12);
    // The pull has written the line at seq 12 but not yet its checkpoint (still 11).
    expect(overlayCart([{ ...serverLine(2), seq: 12 }], [applied], 11)[0]).toMatchObject({
      boxes: 2,
      pendingBoxes: 0,
    });
    // An older copy of the line (seq 9) does not hold it yet: the add stays on top.
    expect(overlayCart([{ ...serverLine(1), seq: 9 }], [applied], 11)[0]).toMatchObject({
      boxes: 3,
      pendingBoxes: 2,
    });
  });

  it('never shows a rejected mutation', () => {
    expect(overlayCart([], [add('m4', 2, 'rejected', 3)], 5)).toEqual([]);
  });

  it('caps optimistic boxes by the cached stock, as the server would', () => {
    const [line] = overlayCart([], [add('m5', 2, 'pending'), add('m6', 2, 'pending')], 0);
    expect(line?.boxes).toBe(3);
  });
});

describe('overlayCart with queued line changes', () => {
  const change = (id: string, args: Record<string, unknown>, name: string): OverlayEntry => ({
    id,
    name,
    args,
    createdAt: 10,
    status: 'pending',
  });

  it('shows the box count the buyer chose while the change is pending', () => {
    const key = cartLineKey(7, 20261130);
    const [line] = overlayCart(
      [serverLine(5)],
      [change('c1', { changes: [{ key, boxes: 2 }] }, 'execute_box_changes')],
      10,
    );
    expect(line).toMatchObject({ boxes: 2, pendingChange: true });
  });

  it('hides a line whose removal is pending, and one changed to zero boxes', () => {
    const key = cartLineKey(7, 20261130);
    expect(
      overlayCart([serverLine(5)], [change('d1', { keys: [key] }, 'delete_boxes')], 10),
    ).toEqual([]);
    expect(
      overlayCart(
        [serverLine(5)],
        [change('c2', { changes: [{ key, boxes: 0 }] }, 'execute_box_changes')],
        10,
      ),
    ).toEqual([]);
  });

  it('ignores a malformed queued change instead of guessing', () => {
    const [line] = overlayCart(
      [serverLine(5)],
      [change('c3', { changes: [{ key: 'x', boxes: 'many' }] }, 'execute_box_changes')],
      10,
    );
    expect(line?.boxes).toBe(5);
  });
});
