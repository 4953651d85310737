import { accountFlagsSchema } from '../schemas/access';
import type { User } from '../schemas/user';

/** Where a signed-in user belongs (spec §4 role redirect, §6 roles). */
export type RoleDestination =
  /** Florists (and login-as sessions, which act as the customer) stay in the shopping app. */
  | 'stay'
  /** A florist arriving with `extend_expiration_boxes` goes to checkout. */
  | 'checkout'
  /** A grower with the stored admin-redirect flag: the grower price-comparison admin page. */
  | 'grower_price_comparison'
  /** Any other non-florist: the external admin app. */
  | 'admin_app'
  /** A manager not on a manager_admin allow list: told to use the login-as feature. */
  | 'use_login_as';

/**
 * Decides the role redirect from the user the server answered. `adminRedirectFlag` is the
 * flag kept in local storage (spec §9), which counts as well as the one on the user.
 */
export function roleDestination(
  user: Pick<User, 'role' | 'metadata'>,
  options: { extendExpirationBoxes?: boolean; adminRedirectFlag?: boolean } = {},
): RoleDestination {
  const metadata = accountFlagsSchema.parse(user.metadata);
  if (user.role === 'florist') return options.extendExpirationBoxes ? 'checkout' : 'stay';
  if (user.role === 'grower') {
    return metadata.admin_redirect === true || options.adminRedirectFlag === true
      ? 'grower_price_comparison'
      : 'admin_app';
  }
  return metadata.manager_admin === true ? 'admin_app' : 'use_login_as';
}
