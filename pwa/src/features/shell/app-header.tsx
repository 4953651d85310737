import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { HelpMenu } from '../account/help-menu';
import { PageViewTracker } from '../analytics/page-view-tracker';
import { logout } from '../../session/logout';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import { Button, FlowerIcon, ModalDialog, Spinner } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { useCart } from '../cart/use-cart';
import { useCustomBoxes } from '../cart/use-custom-boxes';
import { NoticeAnnouncer } from '../notices/notice-announcer';
import { useNotices } from '../notices/use-notices';
import { MutationAnnouncer } from './mutation-announcer';
import { SyncIndicator } from './sync-indicator';
import { UpdatePrompt } from './update-prompt';

// The cart's panel (lines, custom boxes, the box builder) is a buyer's: it loads with the account,
// never for a visitor's first screen (issue 28).
const loadCartPanel = () => import('../cart/cart-panel');
const CartPanel = lazy(() => loadCartPanel().then((m) => ({ default: m.CartPanel })));

/** The sticky top bar: brand, navigation, sync state, cart and account. */
export function AppHeader() {
  const session = useSession();
  const db = useAccountDb();
  const cart = useCart(db);
  const notices = useNotices(db);
  const customBoxes = useCustomBoxes(db);
  const openLogin = useLoginModal();
  const navigate = useNavigate();
  const [cartOpen, setCartOpen] = useState(false);
  const boxes = cart.lines.reduce((sum, line) => sum + line.boxes, 0) + customBoxes.length;
  useEffect(() => {
    if (db) void loadCartPanel();
  }, [db]);

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
          <>
            <Button
              variant="secondary"
              onPress={() => setCartOpen(true)}
              aria-label={`Cart, ${boxes} boxes`}
            >
              Cart · {boxes}
            </Button>
            {/* Phones keep the header to one row; the account area shows the same help. */}
            <span className="app-header__help">
              <HelpMenu />
            </span>
            <Button
              variant="quiet"
              onPress={() => {
                void logout().then(() => navigate('/shopping/home'));
              }}
            >
              Log out
            </Button>
            <ModalDialog
              isOpen={cartOpen}
              onOpenChange={setCartOpen}
              title="Shopping cart"
              size="lg"
              footer={({ close }) =>
                cart.lines.length > 0 && (
                  <Button
                    onPress={() => {
                      close();
                      void navigate('/checkout');
                    }}
                  >
                    Go to checkout
                  </Button>
                )
              }
            >
              <Suspense fallback={<Spinner aria-label="Loading the cart" />}>
                <CartPanel db={db} cart={cart} customBoxes={customBoxes} notices={notices} />
              </Suspense>
            </ModalDialog>
          </>
        ) : (
          <Button onPress={openLogin}>Log in</Button>
        )}
      </div>
      <UpdatePrompt pendingCount={cart.pendingCount} />
      <MutationAnnouncer problems={cart.problems} />
      <NoticeAnnouncer notices={notices} />
    </header>
  );
}
