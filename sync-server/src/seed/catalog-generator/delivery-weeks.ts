import {
  isWeekend,
  parseEtaDate,
  toEtaDate,
  type DeliveryDay,
  type EtaDate,
} from '@stemline/shared';

/** One Monday–Friday delivery window of the catalogue. */
export interface DeliveryWeek {
  /** The window's first delivery date: its Monday, or the first date asked for. */
  from: EtaDate;
  /** Its Friday. */
  to: EtaDate;
  /** `from` as a calendar day, to count packing dates back from. */
  fromDay: DeliveryDay;
}

/**
 * `weeks` delivery windows starting with the week that contains `firstEtaDate` (the next week
 * when it falls on a weekend); no window starts before it. Throws RangeError when
 * `firstEtaDate` is not a real yyyyMMdd date of the years 2000–2999.
 */
export function buildWeeks(firstEtaDate: number, weeks: number): DeliveryWeek[] {
  const first = parseEtaDate(firstEtaDate);
  if (first === null || first.year < 2000 || first.year > 2999) {
    throw new RangeError(`Not a yyyyMMdd date: ${firstEtaDate}`);
  }
  // A weekend date starts with the following week; otherwise with the week that contains it.
  const monday = isWeekend(first)
    ? first.add({ days: 8 - first.dayOfWeek })
    : first.subtract({ days: first.dayOfWeek - 1 });
  const result: DeliveryWeek[] = [];
  for (let w = 0; w < weeks; w++) {
    const start = monday.add({ weeks: w });
    // yyyyMMdd numbers order as the dates do.
    const fromDay = toEtaDate(start) < toEtaDate(first) ? first : start;
    result.push({ from: toEtaDate(fromDay), to: toEtaDate(start.add({ days: 4 })), fromDay });
  }
  return result;
}

/** The packing date `lead` days before a window's first delivery date. */
export function packingDate(week: DeliveryWeek, lead: number): EtaDate {
  return toEtaDate(week.fromDay.subtract({ days: lead }));
}
