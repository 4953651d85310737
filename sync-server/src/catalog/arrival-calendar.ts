import {
  COUNTRIES,
  isOrderableDeliveryDate,
  parseEtaDate,
  toEtaDate,
  type AvailabilityItem,
  type Grower,
} from '@stemline/shared';
import type { Transactional } from '../db/transactional';
import type { CatalogEntitiesRepository } from './catalog-entities-repository';

type Country = Grower['country_iso'];

/**
 * The arrival calendar of a month (spec §7 availability/delivery_date): for every day, how many
 * price rows with stock can be delivered that day and from which countries. A day has arrivals
 * only if it can be ordered for (`isOrderableDeliveryDate`, the rule the cart applies): a weekday
 * after today at the market that is not a no-delivery holiday.
 */
export function createArrivalCalendar(
  entities: CatalogEntitiesRepository,
  transactional: Transactional,
) {
  // One transaction: the windows and the holidays are read from one snapshot.
  return transactional(
    async (year: number, month: number, nowMs: number): Promise<AvailabilityItem[]> => {
      const first = parseEtaDate(year * 10_000 + month * 100 + 1);
      if (!first) throw new RangeError(`No such month: ${year}-${month}`);
      const from = toEtaDate(first);
      const to = toEtaDate(first.with({ day: first.daysInMonth }));
      const byWindow = await entities.arrivalWindows(from, to);
      const holidays = new Map<number, { name: string; noDelivery: boolean }>();
      for (const h of await entities.holidays({ from, to })) {
        const known = holidays.get(h.date);
        holidays.set(h.date, {
          name: known ? `${known.name}, ${h.name}` : h.name,
          noDelivery: (known?.noDelivery ?? false) || h.no_delivery,
        });
      }

      const closedDays = new Set(
        [...holidays].filter(([, holiday]) => holiday.noDelivery).map(([date]) => date),
      );
      const items: AvailabilityItem[] = [];
      for (let day = 1; day <= first.daysInMonth; day++) {
        const date = from + day - 1;
        const holiday = holidays.get(date);
        const orderable = isOrderableDeliveryDate(date, nowMs, closedDays);
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
    },
  );
}
