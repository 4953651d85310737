import {
  deliveryMessages,
  getsAutomaticDeliveryDate,
  preferencesFromText,
  stemlineMessages,
  type Preferences,
  type UpdatePreferencesArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied } from '../kernel/outcome';
import type { CustomerChange } from './address-book';

/**
 * The customer update with preferences (spec §7), behind both `POST
 * /api/customer/update_preferences` and the `update_preferences` mutation: merges the given keys
 * into the stored preferences. `isDayDeliveryAutoSelected: true` is refused for a customer who
 * does not get the automatic date (spec §4), so the flag always tells the truth.
 */
export function createPreferencesUpdate(app: AppContext) {
  const { preferences: stored } = app.repos;

  return async function updatePreferences(
    customerKey: string,
    args: UpdatePreferencesArgs,
  ): Promise<CustomerChange<{ preferences: Preferences }>> {
    const row = await stored.get(customerKey);
    if (!row) return { status: 'rejected', code: 'not_found', message: stemlineMessages.forbidden };
    const customer = { guest: row.guest, n_orders: row.nOrders };
    if (args.preferences.isDayDeliveryAutoSelected && !getsAutomaticDeliveryDate(customer)) {
      return {
        status: 'rejected',
        code: 'invalid_args',
        message: deliveryMessages.autoDateNotAllowed,
      };
    }
    const preferences = { ...preferencesFromText(row.preferencesText), ...args.preferences };
    await stored.set(customerKey, preferences);
    return applied({ preferences }, []);
  };
}
