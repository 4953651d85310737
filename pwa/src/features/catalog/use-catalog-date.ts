import { useEffect, useState } from 'react';
import type { EtaDate } from '@stemline/shared';
import type { ClosedDate } from './closed-date';

export interface CatalogDate {
  /**
   * The date whose catalogue is shown: the chosen one, else the automatic date; null for the
   * moment the automatic date's rules take to load (closed-date.tsx).
   */
  browse: EtaDate | null;
  /**
   * The delivery date the buyer has chosen (the URL's `date`), or null. Adding to cart needs
   * one; without it the calendar opens (spec §5).
   */
  chosen: EtaDate | null;
  /** Why the URL's date cannot be delivered on (closed-date.ts); null while it can or is asked. */
  closed: ClosedDate | null;
}

/**
 * The delivery date of the catalogue: the URL's date when it has one, else the automatic rule's
 * day to browse. The delivery feature pins the automatic date into the URL for guests and
 * customers with at most one order (`AutomaticDeliveryDate`); others choose their day in the
 * calendar, and until then `chosen` stays null.
 */
export function useCatalogDate(urlDate: EtaDate | null): CatalogDate {
  const [automatic, setAutomatic] = useState<EtaDate | null>(null);
  // A link may name a day the calendar refuses (a weekend, a holiday, a past day): why, per date.
  const [closed, setClosed] = useState<[EtaDate, ClosedDate | null] | null>(null);
  useEffect(() => {
    // No cleanup: an answer for a date the URL no longer names is not shown (below).
    void import('./closed-date').then(({ automaticDeliveryDate, closedDate }) => {
      // Today is read once, as the rules load: the page keeps its day while it stays open.
      if (urlDate === null) setAutomatic((known) => known ?? automaticDeliveryDate(Date.now()));
      else void closedDate(urlDate).then((why) => setClosed([urlDate, why]));
    });
  }, [urlDate]);
  return {
    browse: urlDate ?? automatic,
    chosen: urlDate,
    closed: closed?.[0] === urlDate ? closed[1] : null,
  };
}
