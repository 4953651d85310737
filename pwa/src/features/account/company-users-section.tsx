import { useState } from 'react';
import { accountMessages, loginAsMessages, type UserSummary } from '@stemline/shared';
import { useSyncReachable } from '../../sync/use-sync-status';
import { Button, EmptyState, Skeleton, StatusPill } from '../../ui';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog, type EditorRights } from './edit-user-dialog';
import { useCompanyUsers } from './use-company-users';

/**
 * The users of a company (run `list_user`), each with its active state; the main user (and
 * staff) may add users (`add_user`) and edit them (`update_user`), any user their own sign-in
 * email. `customer` names the company for staff; a customer's user sees its own. The list is
 * live server data, so it says plainly when the network is missing. A guest company gets no
 * more users until it upgrades (the server refuses `add_user`): no Add user, and it says why.
 * A login-as session changes no user (the server refuses it): the list has no Add nor Edit, and
 * says so.
 */
export function CompanyUsersSection({
  rights,
  customer,
  title = 'Users of your company',
  onOwnUserChanged,
}: {
  rights: EditorRights;
  customer?: string | undefined;
  title?: string;
  onOwnUserChanged?: (user: UserSummary) => void;
}) {
  const online = useSyncReachable();
  const { state, reload, replace } = useCompanyUsers(online, customer);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const titleId = `account-users-title${customer ? `-${customer}` : ''}`;
  const guestCompany = state.status === 'loaded' && state.users.some((user) => user.guest);
  // Staff add users as admins only, and no login-as session does (the server refuses both).
  const mayAdd =
    rights.manage && !guestCompany && !rights.loginAs && (!rights.staff || rights.admin === true);
  const mayEdit = (user: UserSummary): boolean =>
    rights.loginAs !== true && (rights.manage || user.key === rights.selfKey);

  const saved = (user: UserSummary): void => {
    replace(user);
    if (user.key === rights.selfKey) onOwnUserChanged?.(user);
  };

  return (
    <section className="account-card" aria-labelledby={titleId}>
      <div className="account-card__header">
        <h2 id={titleId}>{title}</h2>
        {mayAdd && (
          <Button variant="secondary" onPress={() => setAdding(true)} isDisabled={!online}>
            Add user
          </Button>
        )}
      </div>
      {rights.loginAs ? (
        <p className="account-card__note">{loginAsMessages.usersReadOnly}</p>
      ) : (
        !rights.manage && (
          <p className="account-card__note">{accountMessages.onlyMainUserManagesUsers}</p>
        )
      )}
      {rights.manage && guestCompany && (
        <p className="account-card__note">{accountMessages.guestAddUserRefusal}</p>
      )}
      {!online ? (
        <EmptyState title="Users need a connection" headingLevel={3}>
          {accountMessages.accountNeedsNetwork}
        </EmptyState>
      ) : state.status === 'failed' ? (
        <EmptyState
          title={state.message}
          headingLevel={3}
          action={
            <Button variant="secondary" onPress={reload}>
              Try again
            </Button>
          }
        >
          {state.offline ? accountMessages.accountNeedsNetwork : 'Please try again.'}
        </EmptyState>
      ) : state.status !== 'loaded' ? (
        <div className="account-users__loading" aria-busy="true" aria-label="Loading users">
          <Skeleton shape="block" height="3.5rem" />
          <Skeleton shape="block" height="3.5rem" />
        </div>
      ) : state.users.length === 0 ? (
        <EmptyState title="No users yet" headingLevel={3}>
          Add the people of your company who order with you.
        </EmptyState>
      ) : (
        <ul className="account-users" aria-label="Users">
          {state.users.map((user) => (
            <li key={user.key} className="account-users__row">
              <div className="account-users__who">
                <span className="account-users__name">
                  {`${user.first_name} ${user.last_name}`.trim() || user.email}
                  {user.key === rights.mainUserKey && (
                    <span className="account-users__tag"> · Main user</span>
                  )}
                  {user.key === rights.selfKey && (
                    <span className="account-users__tag"> · You</span>
                  )}
                </span>
                <span className="account-users__email">{user.email}</span>
              </div>
              <StatusPill status={user.active ? 'online' : 'neutral'}>
                {user.active ? 'Active' : 'Inactive'}
              </StatusPill>
              {mayEdit(user) && (
                <Button
                  variant="quiet"
                  onPress={() => setEditing(user)}
                  aria-label={`Edit ${user.email}`}
                >
                  Edit
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <AddUserDialog
        isOpen={adding && mayAdd}
        onOpenChange={setAdding}
        customer={customer}
        online={online}
        onAdded={replace}
      />
      {editing && mayEdit(editing) && (
        <EditUserDialog
          key={editing.key}
          user={editing}
          rights={rights}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </section>
  );
}
