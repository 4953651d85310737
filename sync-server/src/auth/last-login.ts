import { appModeFor, preferencesFromText, type LoginClient } from '@stemline/shared';
import type { AppContext } from '../app-context';

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
    await stored.recordLogin(customerKey, app.now(), {
      ...preferencesFromText(row.preferencesText),
      last_login_app: appModeFor(row.nOrders),
      ...(client && { last_login_client: client }),
    });
  })();
}
