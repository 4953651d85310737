import { useEffect, useState } from 'react';
import type { EtaDate } from '@stemline/shared';

export interface CatalogDate {
  /**
   * The date whose catalogue is shown: the chosen one, else the automatic date; null for the
   * moment the automatic date's rules take to load (automatic-date-rule.ts).
   */
  browse: EtaDate | null;
  /**
   * The delivery date the buyer has chosen (the URL's `date`), or null. Adding to cart needs
   * one; without it the calendar opens (spec §5).
   */
  chosen: EtaDate | null;
}

/**
 * The delivery date of the catalogue: the URL's date when it has one, else the automatic rule's
 * day to browse. The delivery feature pins the automatic date into the URL for guests and
 * customers with at most one order (`AutomaticDeliveryDate`); others choose their day in the
 * calendar, and until then `chosen` stays null.
 */
export function useCatalogDate(urlDate: EtaDate | null): CatalogDate {
  const [automatic, setAutomatic] = useState<EtaDate | null>(null);
  const needed = urlDate === null && automatic === null;
  useEffect(() => {
    if (!needed) return;
    let live = true;
    // Today is read once, as the rules load: the page keeps its day while it stays open.
    void import('../delivery/automatic-date-rule').then(({ automaticDeliveryDate }) => {
      if (live) setAutomatic(automaticDeliveryDate(Date.now()));
    });
    return () => {
      live = false;
    };
  }, [needed]);
  return { browse: urlDate ?? automatic, chosen: urlDate };
}
