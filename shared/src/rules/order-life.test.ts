import { describe, expect, it } from 'vitest';
import { defaultTrackingNumber, orderStage, rowJourney, type JourneyRow } from './order-life';

const HOUR = 3600_000;
/** Ordered Friday 13 November 2026, 10:00 New York. */
const ORDERED = Date.parse('2026-11-13T15:00:00Z');
/** The row's delivery date is Wednesday 18 November; it arrives at 10:00 New York. */
const ARRIVES = Date.parse('2026-11-18T15:00:00Z');
/** Packed and shipped Monday 16 November at 18:00 New York. */
const SHIPS = Date.parse('2026-11-16T23:00:00Z');
const order = { key: 'o-1', created_at: ORDERED };
const row: JourneyRow = { eta_date: 20261118, status: 'placed', cancelled_at: null };

describe('rowJourney by the server clock (America/New_York)', () => {
  it.each([
    ['just ordered', ORDERED + 1, 'placed', 'NOT_ARRIVED'],
    ['two hours later', ORDERED + 2 * HOUR, 'confirmed', 'NOT_ARRIVED'],
    ['a minute before shipping', SHIPS - 60_000, 'confirmed', 'NOT_ARRIVED'],
    ['shipped on the packing date', SHIPS, 'shipped', 'NOT_ARRIVED'],
    ['a millisecond before arrival', ARRIVES - 1, 'shipped', 'NOT_ARRIVED'],
    ['at arrival', ARRIVES, 'arrived', 'ARRIVED'],
    ['a week on', ARRIVES + 168 * HOUR, 'arrived', 'ARRIVED'],
  ] as const)('%s → %s, %s', (_name, now, stage, arrival) => {
    const journey = rowJourney(row, order, 'line-1', now);
    expect([journey.stage, journey.arrival]).toEqual([stage, arrival]);
  });

  it('gives a tracking number only once shipped, the same on every call', () => {
    expect(rowJourney(row, order, 'line-1', SHIPS - 1).tracking_number).toBeNull();
    const shipped = rowJourney(row, order, 'line-1', SHIPS);
    expect(shipped.carrier).toBe('FedEx');
    expect(shipped.tracking_number).toBe(defaultTrackingNumber('o-1', 'line-1'));
    expect(shipped.tracking_number).toMatch(/^\d{12}$/);
    expect(defaultTrackingNumber('o-1', 'line-2')).not.toBe(shipped.tracking_number);
  });

  it('lets staff bring stages forward with a carrier and tracking number, never back', () => {
    const recorded: JourneyRow = {
      ...row,
      fulfillment: {
        confirmed_at: ORDERED + 60_000,
        shipped_at: ORDERED + HOUR,
        carrier: 'UPS',
        tracking_number: '1Z999',
        arrived_at: ORDERED + 48 * HOUR,
      },
    };
    const journey = rowJourney(recorded, order, 'line-1', ORDERED + 49 * HOUR);
    expect(journey).toMatchObject({
      stage: 'arrived',
      arrival: 'ARRIVED',
      arrived_at: ORDERED + 48 * HOUR,
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    const late = { ...row, fulfillment: { arrived_at: ARRIVES + 100 * HOUR } };
    expect(rowJourney(late, order, 'line-1', ARRIVES).arrival).toBe('ARRIVED');
  });

  it('stops a cancelled row where it was, never arrived', () => {
    const cancelled: JourneyRow = { ...row, status: 'cancelled', cancelled_at: ORDERED + HOUR };
    const journey = rowJourney(cancelled, order, 'line-1', ARRIVES + HOUR);
    expect(journey).toMatchObject({ stage: 'cancelled', arrival: 'NOT_ARRIVED', arrived_at: null });
  });

  it('treats a broken delivery date as never arriving', () => {
    const broken = { ...row, eta_date: 20261340 };
    expect(rowJourney(broken, order, 'line-1', ARRIVES + 1000 * HOUR).arrival).toBe('NOT_ARRIVED');
  });
});

describe('orderStage: the whole order by its least advanced live row', () => {
  /** Arrives Friday 20 November: shipped Wednesday 18 November at 18:00 New York. */
  const later: JourneyRow = { eta_date: 20261120, status: 'placed', cancelled_at: null };
  const twoRows = {
    ...order,
    lines: [
      { ...row, line_no: 1 },
      { ...later, line_no: 2 },
    ],
    custom_boxes: [],
  };

  it('is the earliest stage among its rows', () => {
    expect(orderStage(twoRows, ORDERED + 1)).toBe('placed');
    expect(orderStage(twoRows, ARRIVES)).toBe('confirmed');
    expect(orderStage(twoRows, Date.parse('2026-11-20T15:00:00Z'))).toBe('arrived');
  });

  it('counts a custom box as a row, and leaves cancelled rows out', () => {
    const withBox = { ...twoRows, custom_boxes: [{ ...later, box_key: 'box-1' }] };
    const cancelledLater = {
      ...withBox,
      lines: [
        { ...row, line_no: 1 },
        { ...later, line_no: 2, status: 'cancelled' as const, cancelled_at: ORDERED + 1 },
      ],
    };
    expect(orderStage(cancelledLater, ARRIVES)).toBe('confirmed');
    const boxCancelledToo = {
      ...cancelledLater,
      custom_boxes: [
        { ...later, box_key: 'box-1', status: 'cancelled' as const, cancelled_at: ORDERED + 1 },
      ],
    };
    expect(orderStage(boxCancelledToo, ARRIVES)).toBe('arrived');
  });

  it('is null when every row is cancelled', () => {
    const cancelled = { ...row, status: 'cancelled' as const, cancelled_at: ORDERED + 1 };
    expect(
      orderStage({ ...order, lines: [{ ...cancelled, line_no: 1 }], custom_boxes: [] }, ARRIVES),
    ).toBeNull();
  });
});
