import {
  accountFlagsSchema,
  accountMessages,
  clientConfigAnswerSchema,
  roleDestination,
  type ClientConfigAnswer,
  type RoleDestination,
  type User,
} from '@stemline/shared';
import { showToast } from '../ui';
import { sessionStore } from './session-store';

/**
 * Where a signed-in user belongs (spec §4 role redirect) and the way there. Loaded with a session
 * (role-redirect.tsx, complete-sign-in.ts), not with a visitor's first screen (issue 28).
 */

/** Spec §9 keeps the admin-redirect flag in local storage; so does the client config. */
const ADMIN_REDIRECT_KEY = 'admin_redirect';
const CLIENT_CONFIG_KEY = 'stemline.client_config';
const FALLBACK_CONFIG: ClientConfigAnswer = {
  success: true,
  admin_app_url: '/admin/',
  grower_price_comparison_url: '/admin/grower/price-comparison',
  dev_mailbox: false,
};

/** Where the user belongs, counting the admin-redirect flag kept on this device. */
export function destinationFor(user: User): RoleDestination {
  return roleDestination(user, {
    adminRedirectFlag: localStorage.getItem(ADMIN_REDIRECT_KEY) === 'grower_price_comparison',
  });
}

/** Keeps a grower's admin-redirect flag on the device, as the spec's local-storage keys do. */
export function rememberAdminRedirect(user: User): void {
  const metadata = accountFlagsSchema.parse(user.metadata);
  if (user.role === 'grower' && metadata.admin_redirect === true) {
    localStorage.setItem(ADMIN_REDIRECT_KEY, 'grower_price_comparison');
  }
}

/** The redirect targets from the server (cached for offline starts), or the defaults. */
export async function clientConfig(): Promise<ClientConfigAnswer> {
  try {
    const response = await fetch('/api/security/client_config', {
      headers: { Accept: 'application/json' },
    });
    const parsed = clientConfigAnswerSchema.safeParse(await response.json());
    if (parsed.success) {
      localStorage.setItem(CLIENT_CONFIG_KEY, JSON.stringify(parsed.data));
      return parsed.data;
    }
  } catch {
    // Offline: fall back to the copy kept from the last start.
  }
  try {
    const cached = clientConfigAnswerSchema.safeParse(
      JSON.parse(localStorage.getItem(CLIENT_CONFIG_KEY) ?? 'null'),
    );
    return cached.success ? cached.data : FALLBACK_CONFIG;
  } catch {
    return FALLBACK_CONFIG;
  }
}

/**
 * Spec §4 role redirect of `user`, the session on this device: florists stay; growers with the
 * admin-redirect flag go to the grower price-comparison page; other non-florists go to the
 * external admin app; a manager not on an allow list is told to use the login-as feature and
 * signed out here. `isCancelled` says the session has changed since.
 */
export function followRoleRedirect(user: User, isCancelled: () => boolean): void {
  const destination = destinationFor(user);
  if (destination === 'stay' || destination === 'checkout') return;
  if (destination === 'use_login_as') {
    showToast({ title: accountMessages.useLoginAs, variant: 'error' });
    sessionStore.signOut();
    return;
  }
  void clientConfig().then((config) => {
    if (isCancelled()) return;
    window.location.assign(
      destination === 'grower_price_comparison'
        ? config.grower_price_comparison_url
        : config.admin_app_url,
    );
  });
}
