import { z } from 'zod';
import type { UserSummary } from '@stemline/shared';
import { sessionStore } from '../../session/session-store';
import { useSession } from '../../session/use-session';
import { Button, EmptyState } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { AccountManagerSection } from './account-manager-section';
import { ChangePasswordSection } from './change-password-section';
import { NotificationOptionsSection } from './notification-options-section';
import { CompanyUsersSection } from './company-users-section';
import type { EditorRights } from './edit-user-dialog';
import { ReferralSection } from './referral-section';
import { StaffUsersSection } from './staff-users-section';
import { StatementsSection } from '../statements/statements-section';
import './account.css';

const metadataSchema = z.looseObject({
  main_user_key: z.string().nullable().catch(null).default(null),
  from_manager: z.boolean().catch(false).default(false),
  manager_admin: z.boolean().catch(false).default(false),
});

/**
 * The account area (`/shopping/home/account`): the signed-in user's password, referring a
 * friend, and the users of the company. Staff controls show only for staff's own sessions
 * (a manager, not a login-as session); everything here is live server data and needs the network.
 */
export function AccountPage() {
  const session = useSession();
  const openLogin = useLoginModal();
  if (!session) {
    return (
      <section className="account" aria-labelledby="account-title">
        <h1 id="account-title">Your account</h1>
        <EmptyState
          title="Log in to see your account"
          action={<Button onPress={openLogin}>Log in</Button>}
        >
          Your password, referrals and company users are kept with your account.
        </EmptyState>
      </section>
    );
  }
  const { user } = session;
  const metadata = metadataSchema.parse(user.metadata);
  const staff = user.role === 'manager' && !metadata.from_manager;
  const isGuest = user.metadata.guest;
  const rights: EditorRights = {
    staff: false,
    selfKey: user.key,
    mainUserKey: metadata.main_user_key,
    manage: metadata.main_user_key === user.key,
    loginAs: metadata.from_manager,
  };
  const ownUserChanged = (summary: UserSummary): void => {
    const current = sessionStore.get();
    if (current?.user.key !== summary.key) return;
    sessionStore.signIn(current.token, {
      ...current.user,
      email: summary.email,
      first_name: summary.first_name,
      last_name: summary.last_name,
    });
  };

  return (
    <section className="account" aria-labelledby="account-title">
      <h1 id="account-title">Your account</h1>
      <p className="account__who">
        Signed in as <strong>{user.email}</strong>
        {user.metadata.customer_name ? ` · ${user.metadata.customer_name}` : ''}
      </p>
      <div className="account__grid">
        {user.metadata.customer && !isGuest && (
          <AccountManagerSection customerKey={user.metadata.customer} />
        )}
        {/* The server refuses a login-as session's password change: staff would keep it. */}
        {!isGuest && !metadata.from_manager && <ChangePasswordSection />}
        {user.metadata.customer && !isGuest && <StatementsSection />}
        {user.metadata.customer && !isGuest && <NotificationOptionsSection />}
        {user.metadata.customer && <ReferralSection isGuest={isGuest} />}
        {user.metadata.customer && !isGuest && (
          <CompanyUsersSection rights={rights} onOwnUserChanged={ownUserChanged} />
        )}
        {staff && (
          <StaffUsersSection rights={{ ...rights, staff: true, admin: metadata.manager_admin }} />
        )}
      </div>
    </section>
  );
}
