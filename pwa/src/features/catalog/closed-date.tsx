/**
 * The date rules of the catalogue: the automatic date to browse without a chosen one, and
 * whether the URL's date (`?date=`) can be delivered on by the calendar's rules (spec §2): a
 * weekday after today at the market with arrivals (no no-delivery holiday). Its own chunk: the
 * date rules and temporal-polyfill stay off a first screen (issue 28).
 */
import type { ReactNode } from 'react';
import {
  closedDateMessages,
  formatEtaDate,
  isOrderableDeliveryDate,
  isWeekend,
  marketToday,
  minDeliveryDate,
  parseEtaDate,
  toEtaDate,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { Button, EmptyState } from '../../ui';
import { daysWithoutArrivals, loadAvailabilityMonth } from '../delivery/availability';

export { automaticDeliveryDate } from '../delivery/automatic-date-rule';

/**
 * What the catalogue shows instead of a closed date's offers, given what opens the calendar. A
 * function made here, so its markup loads with this chunk and not with the first screen.
 */
export type ClosedDate = (chooseDate: () => void) => ReactNode;

/**
 * Null when `eta` can be ordered for, else why not. Holidays and days without arrivals come from
 * the arrival calendar (the device's copy offline); when neither is known the day counts as open,
 * and the server still refuses it on an add.
 */
export async function closedDate(eta: EtaDate): Promise<ClosedDate | null> {
  const date = parseEtaDate(eta);
  if (date === null) return null;
  const nowMs = serverClock.now();
  const min = toEtaDate(minDeliveryDate(marketToday(nowMs)));
  const past = eta < min;
  const items =
    past || isWeekend(date)
      ? []
      : ((await loadAvailabilityMonth({ year: date.year, month: date.month })) ?? []);
  if (isOrderableDeliveryDate(eta, nowMs, new Set(daysWithoutArrivals(items)))) return null;
  const holiday = items.find((item) => item.date === eta)?.holiday;
  const reason = past
    ? closedDateMessages.past(formatEtaDate(min))
    : isWeekend(date)
      ? closedDateMessages.weekend
      : holiday
        ? closedDateMessages.holiday(holiday)
        : closedDateMessages.noArrivals;
  return (chooseDate) => (
    <EmptyState
      title={closedDateMessages.title(formatEtaDate(eta))}
      action={
        <Button variant="secondary" onPress={chooseDate}>
          {closedDateMessages.chooseAnother}
        </Button>
      }
    >
      {reason}
    </EmptyState>
  );
}
