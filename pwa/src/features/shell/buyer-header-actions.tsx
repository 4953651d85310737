import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { logoutMessages } from '@stemline/shared';
import { Button, ModalDialog, showToast, Spinner } from '../../ui';
import { HelpMenu } from '../account/help-menu';
import type { CartPanelProps } from '../cart/cart-panel';

// The cart's panel (lines, custom boxes, the box builder) loads when the buyer's account does.
export const loadCartPanel = () => import('../cart/cart-panel');
const CartPanel = lazy(() => loadCartPanel().then((m) => ({ default: m.CartPanel })));
// Log out's check for unsent changes and its question: loaded with the header's actions, so it
// is on hand offline too.
const loadLogoutGuard = () => import('../../session/logout-guard');

/**
 * The header's actions of a buyer with an account database: the cart and its dialog, Help (the
 * account manager) and Log out. They come with the account, never with a visitor's first screen
 * (issue 28): the cart, help and log-out dialogs are a buyer's only.
 */
export function BuyerHeaderActions({ db, cart, customBoxes, notices }: CartPanelProps) {
  const navigate = useNavigate();
  const [cartOpen, setCartOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  useEffect(() => {
    loadLogoutGuard().catch(() => undefined);
  }, []);
  // A custom box counts as many boxes as it orders (`number_boxes`).
  const boxes =
    cart.lines.reduce((sum, line) => sum + line.boxes, 0) +
    customBoxes.reduce((sum, box) => sum + box.number_boxes, 0);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => setCartOpen(true)}
        aria-label={`Cart, ${boxes} ${boxes === 1 ? 'box' : 'boxes'}`}
      >
        Cart · {boxes}
      </Button>
      {/* Phones keep the header to one row; the account area shows the same help. */}
      <span className="app-header__help">
        <HelpMenu />
      </span>
      <Button
        variant="quiet"
        isPending={loggingOut}
        pendingLabel={logoutMessages.loggingOut}
        onPress={() => {
          setLoggingOut(true);
          loadLogoutGuard()
            .then(({ logOutKeepingChanges }) => logOutKeepingChanges())
            .then(
              (loggedOut) => {
                if (loggedOut) void navigate('/shopping/home');
              },
              () => showToast({ title: logoutMessages.checkNotLoaded, variant: 'error' }),
            )
            .finally(() => setLoggingOut(false));
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
  );
}
