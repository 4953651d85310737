import { lazy, Suspense, useEffect } from 'react';
import { NavLink } from 'react-router';
import { PageViewTracker } from '../analytics/page-view-tracker';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { Button, FlowerIcon } from '../../ui';
import { useLoginModal, useLogInReady } from '../auth/login-modal-context';
import { useCart } from '../cart/use-cart';
import { useCustomBoxes } from '../cart/use-custom-boxes';
import { NoticeAnnouncer } from '../notices/notice-announcer';
import { useNotices } from '../notices/use-notices';
import { MutationAnnouncer } from './mutation-announcer';
import { SyncIndicator } from './sync-indicator';
import { UpdatePrompt } from './update-prompt';

// A buyer's cart, help and log-out load with the account, never for a visitor's first screen
// (issue 28); the cart's panel is fetched with them.
const loadBuyerActions = () =>
  import('./buyer-header-actions').then((m) => {
    void m.loadCartPanel();
    return m;
  });
const BuyerHeaderActions = lazy(() =>
  loadBuyerActions().then((m) => ({ default: m.BuyerHeaderActions })),
);

/** The sticky top bar: brand, navigation, sync state, cart and account. */
export function AppHeader() {
  const session = useSession();
  const db = useAccountDb();
  const cart = useCart(db);
  const notices = useNotices(db);
  const customBoxes = useCustomBoxes(db);
  const openLogin = useLoginModal();
  const logInReady = useLogInReady();
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) void loadBuyerActions();
  }, [signedIn]);

  return (
    <header className="app-header">
      <PageViewTracker />
      <NavLink to="/shopping/home" className="app-header__brand" aria-label="Stemline home">
        <FlowerIcon aria-hidden="true" /> <span className="sl-visually-hidden-phone">Stemline</span>
      </NavLink>
      <nav className="app-header__nav" aria-label="Main">
        {/* `end`: Orders and Account live under /shopping/home, and only one link is the page. */}
        <NavLink to="/shopping/home" end>
          Home
        </NavLink>
        <NavLink to="/shopping/products">Products</NavLink>
        {session && db && <NavLink to="/shopping/home/account/orders">Orders</NavLink>}
        {session && db && <NavLink to="/shopping/home/account/events">Events</NavLink>}
        {session && (
          <NavLink to="/shopping/home/account" end>
            Account
          </NavLink>
        )}
      </nav>
      <SyncIndicator pendingCount={cart.pendingCount} />
      <div className="app-header__actions">
        {session && db ? (
          <Suspense fallback={null}>
            <BuyerHeaderActions db={db} cart={cart} customBoxes={customBoxes} notices={notices} />
          </Suspense>
        ) : (
          // Kept in place but not shown until it can open (useLogInReady).
          <Button onPress={openLogin} {...(!logInReady && { className: 'app-header__held' })}>
            Log in
          </Button>
        )}
      </div>
      <UpdatePrompt pendingCount={cart.pendingCount} />
      <MutationAnnouncer problems={cart.problems} db={db} />
      <NoticeAnnouncer notices={notices} />
    </header>
  );
}
