import type { StandingOrder, StandingOrderItem } from '../schemas/standing-orders';

/** A standing-order item for tests: 2 boxes of V at 50 cm from any farm, unless `fields` say. */
export const standingItem = (fields: Partial<StandingOrderItem> = {}): StandingOrderItem => ({
  key: 'it-000001',
  variety_key: 'v',
  variety_name: 'V',
  length: 50,
  quantity: 2,
  grower_key: null,
  ...fields,
});

/**
 * A standing order for tests of the standing-order rules and overlay: weekly from Monday
 * 23 November 2026, delivered on Tuesdays for 12 weeks, active, with one item
 * (`standingItem()`), unless `fields` say otherwise.
 */
export const standingOrder = (fields: Partial<StandingOrder> = {}): StandingOrder => ({
  key: 'so-000001',
  name: 'Weekly cooler',
  items: [standingItem()],
  custom_boxes: [],
  every_weeks: 1,
  term_weeks: 12,
  start_week: 20261123,
  delivery_weekday: 2,
  address: null,
  status: 'active',
  price_policy: 'current_each_week',
  skipped_weeks: [],
  week_changes: {},
  created_at: 0,
  updated_at: 0,
  ...fields,
});
