import { DELIVERY_WEEKDAYS, type DeliverySchedule } from '@stemline/shared';
import type { AppContext } from '../app-context';

/**
 * The schedule that delivers to one address, the one reading behind run `delivery_schedule`,
 * `zipcode_available` and every order's delivery-area check (cart/deliverable-date.ts): the
 * region's schedule (schedule-repository.ts), except that a zip staff forced for the customer
 * (`update_force_zipcode`) is delivered every weekday when its region delivers on none.
 */
export function createAddressSchedules(app: Pick<AppContext, 'repos'>) {
  const { schedules } = app.repos;

  /** The schedule of a zip (and state); undefined when no region covers it and it is not forced. */
  async function scheduleOf(
    zipcode: string,
    state: string | null,
    forced: boolean,
  ): Promise<DeliverySchedule | undefined> {
    const found = await schedules.forAddress(zipcode, state);
    const delivers = (found?.weekdays.length ?? 0) > 0;
    if (forced && !delivers) {
      return { zipcode, region: 'forced', weekdays: [...DELIVERY_WEEKDAYS], cutoff: '12:00' };
    }
    return found;
  }

  /** The zip staff let a customer order for, or null (a visitor, staff, or none forced). */
  async function forcedZip(customerKey: string | null): Promise<string | null> {
    return customerKey
      ? ((await schedules.customerArea(customerKey))?.force_zipcode ?? null)
      : null;
  }

  /** The weekdays that deliver to a customer's address: none when Stemline does not go there. */
  async function weekdaysFor(
    customerKey: string,
    address: { zipcode: string; state: string | null },
  ): Promise<readonly number[]> {
    const forced = (await forcedZip(customerKey)) === address.zipcode;
    return (await scheduleOf(address.zipcode, address.state, forced))?.weekdays ?? [];
  }

  return { scheduleOf, forcedZip, weekdaysFor };
}
export type AddressSchedules = ReturnType<typeof createAddressSchedules>;
