/**
 * The automatic delivery date (spec §9) for a clock reading, without an arrival calendar: the day
 * to browse while the buyer has chosen none. Its own chunk: it needs the date rules and
 * temporal-polyfill, which a first screen whose URL names its date does without (issue 28).
 */
import { autoDeliveryDate, marketToday, toEtaDate, type EtaDate } from '@stemline/shared';

/** `autoDeliveryDate` of the market's today at `nowMs`, as yyyyMMdd. */
export function automaticDeliveryDate(nowMs: number): EtaDate {
  return toEtaDate(autoDeliveryDate(marketToday(nowMs)));
}
