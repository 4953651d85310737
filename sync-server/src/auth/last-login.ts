import { appModeFor, preferencesFromText, type LoginClient } from '@stemline/shared';
import type { AppContext } from '../app-context';
import type { StoredUser } from './user-repository';

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

/**
 * Records a way in of `stored` (spec §3 `last_login`): a password log-in, a guest's sign-in,
 * the emailed verification link, a sign-up. Answers the user as stored now, so the session's
 * user carries the preferences the log-in wrote. A rep's login-as session never comes here: it
 * is staff's visit, not the customer's, and would hide for how long the customer has stayed
 * away (and put the rep's window in `last_login_client`). Nor do the fresh tokens a password or
 * email change answers: the user was signed in already.
 */
export async function signedIn(
  app: AppContext,
  stored: StoredUser,
  client?: LoginClient,
): Promise<StoredUser> {
  const customerKey = stored.user.metadata.customer;
  if (!customerKey) return stored;
  await recordLogin(app, customerKey, client);
  return (await app.repos.users.findByKey(stored.user.key)) ?? stored;
}
