import { useState } from 'react';
import { autoDeliveryDate, marketToday, toEtaDate } from '@stemline/shared';

export interface CatalogDate {
  /** The date whose catalogue is shown: the chosen one, else the automatic date. */
  browse: number;
  /**
   * The delivery date the buyer has chosen (the URL's `date`), or null. Adding to cart needs
   * one; without it the calendar opens (spec §5).
   */
  chosen: number | null;
}

/**
 * The delivery date of the catalogue: the URL's date when it has one, else the automatic rule's
 * day to browse. The delivery feature pins the automatic date into the URL for guests and
 * customers with at most one order (`AutomaticDeliveryDate`); others choose their day in the
 * calendar, and until then `chosen` stays null.
 */
export function useCatalogDate(urlDate: number | null): CatalogDate {
  const [today] = useState(() => marketToday(Date.now()));
  const [automatic] = useState(() => toEtaDate(autoDeliveryDate(today)));
  return { browse: urlDate ?? automatic, chosen: urlDate };
}
