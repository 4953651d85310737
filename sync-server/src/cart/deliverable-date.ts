import { isWeekend, marketToday, parseEtaDate, toEtaDate } from '@stemline/shared';

/** A delivery date the server accepts into a cart: a real weekday after today at the market. */
export function isDeliverable(etaDate: number, nowMs: number): boolean {
  const date = parseEtaDate(etaDate);
  return date !== null && !isWeekend(date) && toEtaDate(date) > toEtaDate(marketToday(nowMs));
}
