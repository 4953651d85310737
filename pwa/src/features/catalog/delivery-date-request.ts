import { createContext, use } from 'react';

/**
 * Opens the delivery-date calendar (spec §5: adding to cart without a date opens it). The
 * delivery feature provides it around the app with `<DeliveryDateRequestContext value={open}>`.
 */
export const DeliveryDateRequestContext = createContext<(() => void) | null>(null);

/** The calendar opener, or null when no calendar is mounted. */
export function useRequestDeliveryDate(): (() => void) | null {
  return use(DeliveryDateRequestContext);
}
