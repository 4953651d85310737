import { useMemo } from 'react';
import {
  marketToday,
  minDeliveryDate,
  parseEtaDate,
  suggestEventDeliveryDate,
  toEtaDate,
  type DeliverySchedule,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { daysWithoutArrivals, monthsSpanning, useAvailability } from '../delivery/availability';

/**
 * The delivery day suggested for an event on `eventDate` (shared `suggestEventDeliveryDate`),
 * from the arrival calendar of the weeks before it (this device's copy offline) and the
 * address's delivery schedule when known. Null while no date is given or when no day fits.
 */
export function useSuggestedDelivery(
  eventDate: EtaDate | null,
  schedule: DeliverySchedule | null,
): EtaDate | null {
  // The window runs from a week before the event to the event: the months it touches.
  const months = useMemo(() => {
    const event = eventDate === null ? null : parseEtaDate(eventDate);
    return event ? monthsSpanning(toEtaDate(event.subtract({ days: 7 })), 7) : [];
  }, [eventDate]);
  const availability = useAvailability(months, months.length > 0);
  return useMemo(() => {
    if (eventDate === null) return null;
    const min = minDeliveryDate(marketToday(serverClock.now()));
    const suggested = suggestEventDeliveryDate(eventDate, {
      min,
      disabled: daysWithoutArrivals(availability.items),
      schedule,
    });
    return suggested ? toEtaDate(suggested) : null;
  }, [eventDate, availability.items, schedule]);
}
