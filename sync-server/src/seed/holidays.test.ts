import { describe, expect, it } from 'vitest';
import { holidayYears, holidaysOf } from './holidays';

describe('holidaysOf', () => {
  const byKey = new Map(holidaysOf([2026, 2027]).map((h) => [h.key, h]));

  it.each([
    ['hol-2026-new-year', 20260101, true],
    ['hol-2026-valentines', 20260214, false],
    ['hol-2026-easter', 20260405, false],
    ['hol-2027-easter', 20270328, false],
    ['hol-2026-admin-professionals', 20260422, false],
    ['hol-2027-admin-professionals', 20270421, false],
    ['hol-2026-mothers-day', 20260510, false],
    ['hol-2027-mothers-day', 20270509, false],
    ['hol-2026-memorial-day', 20260525, true],
    ['hol-2026-independence-day', 20260704, true],
    ['hol-2026-labor-day', 20260907, true],
    ['hol-2026-thanksgiving', 20261126, true],
    ['hol-2027-thanksgiving', 20271125, true],
    ['hol-2026-christmas', 20261225, true],
  ])('puts %s on %i (no delivery: %s)', (key, date, noDelivery) => {
    expect(byKey.get(key)).toMatchObject({ date, no_delivery: noDelivery, peak: !noDelivery });
  });

  it('lists every holiday of each year once, in date order', () => {
    const list = holidaysOf([2026, 2027]);
    expect(list).toHaveLength(28);
    expect(list.map((h) => h.date)).toEqual([...list.map((h) => h.date)].sort((a, b) => a - b));
    expect(new Set(list.map((h) => h.key)).size).toBe(28);
  });

  it('takes this year and the next at the market', () => {
    // 31 Dec 2026, 23:30 in New York is already 2027 in UTC.
    expect(holidayYears(Date.parse('2027-01-01T04:30:00Z'))).toEqual([2026, 2027]);
  });
});
