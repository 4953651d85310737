import { describe, expect, it } from 'vitest';
import type { User } from '../schemas/user';
import { roleDestination } from './role-destination';

const metadata = (extra: Record<string, unknown> = {}): User['metadata'] => ({
  customer: null,
  customer_name: null,
  n_orders: 0,
  guest: false,
  preferences: '{}',
  ...extra,
});

describe('roleDestination', () => {
  it.each<[string, Pick<User, 'role' | 'metadata'>, Parameters<typeof roleDestination>[1], string]>(
    [
      ['a florist', { role: 'florist', metadata: metadata({ customer: 'c' }) }, {}, 'stay'],
      [
        'a florist with extend_expiration_boxes',
        { role: 'florist', metadata: metadata({ customer: 'c' }) },
        { extendExpirationBoxes: true },
        'checkout',
      ],
      [
        'a login-as session (acts as the florist)',
        { role: 'florist', metadata: metadata({ customer: 'c', from_manager: true }) },
        {},
        'stay',
      ],
      [
        'a grower with the admin-redirect flag',
        { role: 'grower', metadata: metadata({ admin_redirect: true }) },
        {},
        'grower_price_comparison',
      ],
      [
        'a grower with the flag kept in local storage',
        { role: 'grower', metadata: metadata() },
        { adminRedirectFlag: true },
        'grower_price_comparison',
      ],
      ['a grower without the flag', { role: 'grower', metadata: metadata() }, {}, 'admin_app'],
      [
        'a manager on the allow list',
        { role: 'manager', metadata: metadata({ manager_admin: true }) },
        {},
        'admin_app',
      ],
      [
        'a manager not on the allow list',
        { role: 'manager', metadata: metadata({ manager_admin: false, hunter: true }) },
        {},
        'use_login_as',
      ],
      [
        'a manager whose allow-list flag is malformed',
        { role: 'manager', metadata: metadata({ manager_admin: 'yes' }) },
        {},
        'use_login_as',
      ],
    ],
  )('%s → %s', (_case, user, options, expected) => {
    expect(roleDestination(user, options)).toBe(expected);
  });
});
