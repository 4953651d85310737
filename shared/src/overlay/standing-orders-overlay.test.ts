import { describe, expect, it } from 'vitest';
import type { StandingOrder } from '../schemas/standing-orders';
import { standingOrder } from '../rules/standing-order-fixture';
import type { OverlayEntry } from './queued-mutation';
import { overlayStandingOrders } from './visible-collections';

// Wednesday 18 November 2026 at the market.
const QUEUED_AT = Date.parse('2026-11-18T15:00:00Z');
const pulled: StandingOrder = standingOrder();
const entry = (
  name: string,
  args: Record<string, unknown>,
  status: OverlayEntry['status'] = 'pending',
): OverlayEntry => ({
  name,
  args,
  createdAt: QUEUED_AT,
  status,
});

describe('overlayStandingOrders', () => {
  it('shows a week skipped offline at once, pending, and leaves the other weeks', () => {
    const [order] = overlayStandingOrders(
      [pulled],
      [entry('skip_standing_order_week', { key: 'so-000001', week: 20261130, skip: true })],
      0,
    );
    expect(order).toMatchObject({ skipped_weeks: [20261130], pending: true });
  });
  it('shows a standing order made offline; a past first week is not shown', () => {
    const {
      key: _key,
      status: _s,
      price_policy: _p,
      skipped_weeks: _w,
      week_changes: _c,
      created_at: _a,
      updated_at: _u,
      ...rest
    } = pulled;
    const made = overlayStandingOrders(
      [],
      [entry('create_standing_order', { ...rest, key: 'so-000002' })],
      0,
    );
    expect(made.map((o) => [o.key, o.pending])).toEqual([['so-000002', true]]);
    const past = overlayStandingOrders(
      [],
      [entry('create_standing_order', { ...rest, key: 'so-000003', start_week: 20261116 })],
      0,
    );
    expect(past).toEqual([]);
  });
  it('shows the card a standing order was moved to at once; a cancelled one keeps its card', () => {
    const [moved] = overlayStandingOrders(
      [{ ...pulled, card_key: 'card-old' }],
      [entry('set_standing_order_card', { key: 'so-000001', card_key: 'card-new' })],
      0,
    );
    expect(moved).toMatchObject({ card_key: 'card-new', pending: true });
    const [cancelled] = overlayStandingOrders(
      [{ ...pulled, status: 'cancelled', card_key: 'card-old' }],
      [entry('set_standing_order_card', { key: 'so-000001', card_key: 'card-new' })],
      0,
    );
    expect(cancelled).toMatchObject({ card_key: 'card-old', pending: false });
  });
  it('drops a refused pause', () => {
    const [order] = overlayStandingOrders(
      [pulled],
      [entry('set_standing_order_status', { key: 'so-000001', status: 'paused' }, 'rejected')],
      0,
    );
    expect(order?.status).toBe('active');
  });
});
