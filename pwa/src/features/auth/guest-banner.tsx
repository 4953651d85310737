import { useLocation } from 'react-router';
import { accountMessages } from '@stemline/shared';
import { useSession } from '../../session/use-session';
import { LinkButton } from '../../ui';

/** Tells a guest it can upgrade to a full account (spec §6), keeping its cart and favourites. */
export function GuestBanner() {
  const session = useSession();
  const location = useLocation();
  if (!session?.user.metadata.guest || location.pathname === '/shopping/create-account')
    return null;
  return (
    <aside className="guest-banner" aria-label="Guest account">
      <p>
        You are shopping as a guest with <strong>{session.user.email}</strong>. Create your account
        to order; your cart and favourites stay.
      </p>
      <LinkButton href="/shopping/create-account" variant="secondary" size="sm">
        {accountMessages.createYourAccount}
      </LinkButton>
    </aside>
  );
}
