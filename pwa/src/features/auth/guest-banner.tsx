import { useLocation } from 'react-router';
import { accountMessages, guestMessages } from '@stemline/shared';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { useSession } from '../../session/use-session';
import { LinkButton } from '../../ui';
import { needsEmailConfirmation, SendLinkButton } from './confirm-email';

/**
 * Tells a guest what it can do (spec §6). A session made from an email alone is told why it
 * sees prices and a new cart only, with the one tap that mails the verification link; a guest
 * whose email is confirmed may order (with an address) or upgrade, keeping its cart.
 */
export function GuestBanner() {
  const session = useSession();
  const location = useLocation();
  if (!session?.user.metadata.guest || location.pathname === '/shopping/create-account')
    return null;
  const { user } = session;
  if (needsEmailConfirmation(user)) {
    return (
      <aside className="guest-banner" aria-label="Guest account">
        <p>
          <strong>{guestMessages.confirmEmailTitle}.</strong>{' '}
          {isEmailOnlySession(user)
            ? guestMessages.confirmEmailWhy(user.email)
            : guestMessages.emailUnverified}
        </p>
        <SendLinkButton email={user.email} />
      </aside>
    );
  }
  return (
    <aside className="guest-banner" aria-label="Guest account">
      <p>
        You are shopping as a guest with <strong>{user.email}</strong>.{' '}
        {guestMessages.guestCanOrder} Create your account to keep your cart and favourites.
      </p>
      <LinkButton href="/shopping/create-account" variant="secondary" size="sm">
        {accountMessages.createYourAccount}
      </LinkButton>
    </aside>
  );
}
