import {
  COUNTRIES,
  isWeekend,
  marketToday,
  parseEtaDate,
  toEtaDate,
  type AvailabilityItem,
  type Grower,
} from '@stemline/shared';
import type { Db } from '../db/database';
import { createCatalogEntitiesRepository } from './catalog-entities-repository';

type Country = Grower['country_iso'];

interface WindowRow {
  eta_from: number;
  eta_to: number;
  country_iso: Country;
  rows: number;
}

/**
 * The arrival calendar of a month (spec §7 availability/delivery_date): for every day, how many
 * price rows with stock can be delivered that day and from which countries. A day has arrivals
 * only if it can be ordered for: a weekday after today at the market (the rule the cart applies)
 * that is not a no-delivery holiday.
 */
export function createArrivalCalendar(db: Db) {
  const entities = createCatalogEntitiesRepository(db);
  const windows = db.prepare<[number, number], WindowRow>(
    `SELECT o.eta_from, o.eta_to, g.country_iso, COUNT(*) AS rows
     FROM offers o JOIN growers g ON g.key = o.grower_key
     WHERE o.eta_to >= ? AND o.eta_from <= ? AND o.available > 0
     GROUP BY o.eta_from, o.eta_to, g.country_iso`,
  );

  return db.transaction((year: number, month: number, nowMs: number): AvailabilityItem[] => {
    const first = parseEtaDate(year * 10_000 + month * 100 + 1);
    if (!first) throw new RangeError(`No such month: ${year}-${month}`);
    const from = toEtaDate(first);
    const to = toEtaDate(first.with({ day: first.daysInMonth }));
    const today = toEtaDate(marketToday(nowMs));
    const byWindow = windows.all(from, to);
    const holidays = new Map<number, { name: string; noDelivery: boolean }>();
    for (const h of entities.holidays({ from, to })) {
      const known = holidays.get(h.date);
      holidays.set(h.date, {
        name: known ? `${known.name}, ${h.name}` : h.name,
        noDelivery: (known?.noDelivery ?? false) || h.no_delivery,
      });
    }

    const items: AvailabilityItem[] = [];
    for (let day = 1; day <= first.daysInMonth; day++) {
      const date = from + day - 1;
      const holiday = holidays.get(date);
      const plain = parseEtaDate(date);
      const orderable =
        plain !== null && !isWeekend(plain) && date > today && !(holiday?.noDelivery ?? false);
      const counts = new Map<Country, number>();
      if (orderable) {
        for (const w of byWindow) {
          if (w.eta_from <= date && w.eta_to >= date) {
            counts.set(w.country_iso, (counts.get(w.country_iso) ?? 0) + w.rows);
          }
        }
      }
      items.push({
        date,
        arrivals: [...counts.values()].reduce((a, b) => a + b, 0),
        countries: COUNTRIES.filter((country) => counts.has(country)),
        holiday: holiday?.name ?? null,
      });
    }
    return items;
  });
}
