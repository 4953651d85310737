import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../session/use-session';
import { track } from './track';

/** Spec §2: the standing-order success page is not tracked. */
const UNTRACKED_PATHS = ['/shopping/home/account/standing-orders/success'];

/**
 * Records a page view for every route change (spec §2, §6), except on the standing-order
 * success page and in staff login-as sessions.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const loginAs = useSession()?.user.metadata.from_manager === true;
  useEffect(() => {
    if (loginAs || UNTRACKED_PATHS.includes(pathname) || pathname.includes('login_as')) return;
    track('page_view', { path: pathname });
  }, [pathname, loginAs]);
  return null;
}
