import {
  appModeFor,
  deliveryMessages,
  getsAutomaticDeliveryDate,
  preferencesSchema,
  stemlineMessages,
  type LoginClient,
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
    const preferences = { ...storedPreferences(row.preferencesText), ...args.preferences };
    await stored.set(customerKey, preferences);
    return applied({ preferences }, []);
  };
}

/**
 * Records a customer's log-in (spec §3, §9): the customer's `last_login`, and in its preferences
 * `last_login_client` (mobile or desktop, as the app measured its window; kept as it was when the
 * call does not say) and `last_login_app` (beta for a customer with no orders yet, else app).
 */
export async function recordLogin(
  app: AppContext,
  customerKey: string,
  client: LoginClient | undefined,
): Promise<void> {
  const { preferences: stored } = app.repos;
  await app.transactional(async () => {
    const row = await stored.get(customerKey);
    if (!row) return;
    const preferences: Preferences = {
      ...storedPreferences(row.preferencesText),
      last_login_app: appModeFor(row.nOrders),
      ...(client && { last_login_client: client }),
    };
    await stored.recordLogin(customerKey, app.now(), preferences);
  })();
}

/** The stored JSON text as preferences; unreadable text counts as none set. */
export function storedPreferences(text: string): Preferences {
  try {
    const parsed = preferencesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
