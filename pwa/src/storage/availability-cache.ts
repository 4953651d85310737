/**
 * Arrival calendar cache (localStorage, one key per month: `stemline.availability.<yyyy>-<m>`):
 * the last answer of `POST /api/availability/delivery_date/{year}/{month}`, so the calendar and
 * the automatic delivery date still know which days have arrivals offline. A few hundred bytes a
 * month; logout clears localStorage with it. A full quota only costs the offline copy.
 */
import { availabilityItemSchema, type AvailabilityItem } from '@stemline/shared';
import { z } from 'zod';

const cachedMonthSchema = z.object({
  fetchedAt: z.number(),
  items: z.array(availabilityItemSchema),
});
export type CachedMonth = z.infer<typeof cachedMonthSchema>;

const storageKey = (year: number, month: number) => `stemline.availability.${year}-${month}`;

/** The stored month, or null when there is none or it does not read back as one. */
export function readCachedMonth(year: number, month: number): CachedMonth | null {
  try {
    const text = localStorage.getItem(storageKey(year, month));
    if (!text) return null;
    const parsed = cachedMonthSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeCachedMonth(year: number, month: number, items: AvailabilityItem[]): void {
  try {
    localStorage.setItem(storageKey(year, month), JSON.stringify({ fetchedAt: Date.now(), items }));
  } catch {
    // Quota full: the calendar still works from the rules; only the offline copy is missing.
  }
}
