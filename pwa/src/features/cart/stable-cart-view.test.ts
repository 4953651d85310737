import { describe, expect, it } from 'vitest';
import type { MutationDoc } from '../../storage/account-schemas';
import type { VisibleCartLine } from '@stemline/shared';
import { stableCartView, type CartView } from './stable-cart-view';

const line = (key: string, boxes: number, pendingBoxes = 0): VisibleCartLine => ({
  key,
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
  pendingBoxes,
});

const problem = (id: string, message: string): MutationDoc => ({
  id,
  clientId: 'device',
  name: 'add_to_cart',
  args: {},
  createdAt: 1,
  status: 'rejected',
  message,
});

const view = (lines: VisibleCartLine[], pendingCount = 0, problems: MutationDoc[] = []) =>
  ({ lines, pendingCount, problems, loaded: true }) satisfies CartView;

describe('stableCartView', () => {
  it('keeps the previous view when the same cart arrives in new objects', () => {
    const previous = view([line('a', 2, 2)], 1);
    expect(stableCartView(previous, view([line('a', 2, 2)], 1))).toBe(previous);
  });

  it('keeps unchanged lines and replaces a changed one', () => {
    const previous = view([line('a', 2), line('b', 1)]);
    const next = stableCartView(previous, view([line('a', 2), line('b', 3)]));
    expect(next).not.toBe(previous);
    expect(next.lines[0]).toBe(previous.lines[0]);
    expect(next.lines[1]).toMatchObject({ key: 'b', boxes: 3 });
  });

  it('reports a line whose pending boxes were confirmed, so its pending mark goes', () => {
    const previous = view([line('a', 2, 2)], 1);
    const next = stableCartView(previous, view([line('a', 2, 0)], 0));
    expect(next.lines[0]?.pendingBoxes).toBe(0);
    expect(next.pendingCount).toBe(0);
  });

  it('keeps the lines when only the pending count changed', () => {
    const previous = view([line('a', 2, 2)], 1);
    const next = stableCartView(previous, view([line('a', 2, 2)], 0));
    expect(next).not.toBe(previous);
    expect(next.lines).toBe(previous.lines);
  });

  it('notices added, removed and reordered lines', () => {
    const previous = view([line('a', 1), line('b', 1)]);
    expect(stableCartView(previous, view([line('a', 1)])).lines).toHaveLength(1);
    expect(stableCartView(previous, view([line('b', 1), line('a', 1)])).lines).not.toBe(
      previous.lines,
    );
    expect(stableCartView(previous, view([...previous.lines, line('c', 1)])).lines).toHaveLength(3);
  });

  it('keeps the answers while they say the same, and shows a new message', () => {
    const previous = view([], 0, [problem('m1', 'Sold out')]);
    expect(stableCartView(previous, view([], 0, [problem('m1', 'Sold out')]))).toBe(previous);
    expect(
      stableCartView(previous, view([], 0, [problem('m1', 'Only 1 box was left')])).problems[0]
        ?.message,
    ).toBe('Only 1 box was left');
  });

  it('leaves the loading state for the first real view', () => {
    const loading: CartView = { lines: [], pendingCount: 0, problems: [], loaded: false };
    expect(stableCartView(loading, view([])).loaded).toBe(true);
  });
});
