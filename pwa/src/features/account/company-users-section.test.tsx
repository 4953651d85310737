import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, loginAsMessages, type UserSummary } from '@stemline/shared';
import { CompanyUsersSection } from './company-users-section';
import type { EditorRights } from './edit-user-dialog';

const listed = vi.hoisted((): { users: unknown[] } => ({ users: [] }));
vi.mock('../../sync/use-sync-status', () => ({ useSyncReachable: () => true }));
vi.mock('./use-company-users', () => ({
  useCompanyUsers: () => ({
    state: { status: 'loaded', users: listed.users },
    reload: vi.fn(),
    replace: vi.fn(),
  }),
}));

const user = (guest: boolean): UserSummary => ({
  key: 'u-1',
  email: 'rosa@bloom-shop.co',
  first_name: 'Rosa',
  last_name: 'Diaz',
  role: 'florist',
  customer: 'c-1',
  active: true,
  guest,
});
const mainUser: EditorRights = { staff: false, selfKey: 'u-1', mainUserKey: 'u-1', manage: true };

afterEach(() => {
  listed.users = [];
});

describe('the users of a company', () => {
  it('offers a full company’s main user Add user', () => {
    listed.users = [user(false)];
    const html = renderToString(<CompanyUsersSection rights={mainUser} />);
    expect(html).toContain('Add user');
    expect(html).not.toContain(accountMessages.guestAddUserRefusal);
  });

  it('offers Add user to an admin, never to a hunter nor a login-as session', () => {
    listed.users = [user(false)];
    const staff: EditorRights = { ...mainUser, staff: true, mainUserKey: null };
    const html = (rights: EditorRights, customer?: string) =>
      renderToString(<CompanyUsersSection rights={rights} customer={customer} />);
    expect(html({ ...staff, admin: true }, 'c-1')).toContain('Add user');
    expect(html(staff, 'c-1')).not.toContain('Add user');
    expect(html({ ...mainUser, loginAs: true })).not.toContain('Add user');
  });

  it('offers a guest company no Add user, and says it upgrades first', () => {
    listed.users = [user(true)];
    for (const rights of [mainUser, { ...mainUser, staff: true, mainUserKey: null }]) {
      const html = renderToString(<CompanyUsersSection rights={rights} customer="c-1" />);
      expect(html).not.toContain('Add user');
      expect(html).toContain(accountMessages.guestAddUserRefusal);
    }
  });

  it('offers a login-as session no Edit on any user, its own main user included, and says why', () => {
    listed.users = [user(false), { ...user(false), key: 'u-2', email: 'leo@bloom-shop.co' }];
    const loginAs = renderToString(<CompanyUsersSection rights={{ ...mainUser, loginAs: true }} />);
    const readOnly = loginAsMessages.usersReadOnly.split('’')[0] ?? '';
    expect(loginAs).not.toContain('Edit rosa@bloom-shop.co');
    expect(loginAs).not.toContain('Edit leo@bloom-shop.co');
    expect(loginAs).toContain(readOnly);
    const own = renderToString(<CompanyUsersSection rights={mainUser} />);
    expect(own).toContain('Edit rosa@bloom-shop.co');
    expect(own).toContain('Edit leo@bloom-shop.co');
    expect(own).not.toContain(readOnly);
  });
});
