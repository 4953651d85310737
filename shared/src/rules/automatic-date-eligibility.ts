/**
 * Who gets the automatic delivery date (delivery-date.ts computes it). Apart from the date rules
 * so that asking does not load temporal-polyfill (the PWA's first screen asks, issue 28).
 */

/** Spec §4: guests and customers with one order or none get the automatic date. */
export function getsAutomaticDeliveryDate(customer: { guest: boolean; n_orders: number }): boolean {
  return customer.guest || customer.n_orders <= 1;
}
