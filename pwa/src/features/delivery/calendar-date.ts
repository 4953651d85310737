import { CalendarDate } from '@internationalized/date';
import type { DateValue } from 'react-aria-components';
import type { EtaDate } from '@stemline/shared';

/** The react-aria calendar value of a yyyyMMdd delivery date. */
export function etaToCalendarDate(eta: EtaDate): CalendarDate {
  return new CalendarDate(Math.floor(eta / 10_000), Math.floor(eta / 100) % 100, eta % 100);
}

/** The yyyyMMdd delivery date of a react-aria calendar value (Gregorian). */
export function calendarDateToEta(date: DateValue): EtaDate {
  return date.year * 10_000 + date.month * 100 + date.day;
}
