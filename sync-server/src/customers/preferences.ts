import {
  deliveryMessages,
  getsAutomaticDeliveryDate,
  preferencesSchema,
  stemlineMessages,
  type Preferences,
  type UpdatePreferencesArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import type { CustomerChange } from './address-book';

interface CustomerRow {
  guest: number;
  n_orders: number;
  preferences: string;
}

/**
 * The customer update with preferences (spec §7), behind both `POST
 * /api/customer/update_preferences` and the `update_preferences` mutation: merges the given keys
 * into the stored preferences. `isDayDeliveryAutoSelected: true` is refused for a customer who
 * does not get the automatic date (spec §4), so the flag always tells the truth.
 */
export function createPreferencesUpdate(app: AppContext) {
  const read = app.db.prepare<[string], CustomerRow>(
    'SELECT guest, n_orders, preferences FROM customers WHERE key = ?',
  );
  const write = app.db.prepare<[string, string]>(
    'UPDATE customers SET preferences = ? WHERE key = ?',
  );

  return function updatePreferences(
    customerKey: string,
    args: UpdatePreferencesArgs,
  ): CustomerChange<{ preferences: Preferences }> {
    const row = read.get(customerKey);
    if (!row) return { status: 'rejected', code: 'not_found', message: stemlineMessages.forbidden };
    const customer = { guest: row.guest === 1, n_orders: row.n_orders };
    if (args.preferences.isDayDeliveryAutoSelected && !getsAutomaticDeliveryDate(customer)) {
      return {
        status: 'rejected',
        code: 'invalid_args',
        message: deliveryMessages.autoDateNotAllowed,
      };
    }
    const preferences = { ...storedPreferences(row.preferences), ...args.preferences };
    write.run(JSON.stringify(preferences), customerKey);
    return { status: 'applied', result: { preferences }, touched: [] };
  };
}

/** The stored JSON text as preferences; unreadable text counts as none set. */
function storedPreferences(text: string): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
