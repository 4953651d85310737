import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  checkoutMessages,
  creditMessages,
  formatCents,
  orderBlocker,
  stemlineMessages,
} from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { isEmailOnlySession } from '../../session/mailbox-proof';
import { useSession } from '../../session/use-session';
import { isQuotaError } from '../../sync/outbox';
import { useSyncStatus } from '../../sync/use-sync-status';
import { Button, EmptyState, LinkButton, showToast, Spinner } from '../../ui';
import { emailVerified, SendLinkButton } from '../auth/confirm-email';
import { useLoginModal } from '../auth/login-modal-context';
import { enqueueOrTell } from '../shell/enqueue-or-tell';
import { useCart } from '../cart/use-cart';
import { useCustomBoxes } from '../cart/use-custom-boxes';
import { CheckoutBoxes } from './checkout-boxes';
import { CheckoutCredit } from './checkout-credit';
import { mainAddressOf, selectedAddressOf } from '../delivery/selected-address';
import { CheckoutLines } from './checkout-lines';
import { CheckoutShipTo, shipmentAddresses } from './checkout-ship-to';
import { OrderConfirmation } from './order-confirmation';
import {
  enqueuePlaceOrder,
  forgetPlacement,
  rememberedPlacement,
  usePlacement,
  type Placement,
} from './order-placement';
import { PaymentPicker } from './payment-picker';
import { RemovedProductsModal } from './removed-products-modal';
import { estimateTotals } from './estimate-totals';
import { readKnownCreditCents, writeKnownCreditCents } from './known-credit';
import { useCheckoutReview } from './use-checkout-review';
import { useSavedCards } from './use-saved-cards';
import './checkout.css';

/**
 * Checkout (`/checkout`, also `/checkout?from=app|beta#/`): the cart re-checked by the server
 * (current prices, removed products, referral discount), a saved card, and Place order. The order
 * is a queued mutation, so it can be placed offline and is sent when the connection returns; the
 * server decides everything again when it arrives. Arriving with `extend_expiration_boxes`
 * asks the server to extend the open-market holds first.
 */
export function CheckoutPage() {
  const session = useSession();
  const db = useAccountDb();
  const openLogin = useLoginModal();
  const status = useSyncStatus();
  const cart = useCart(db);
  const customBoxes = useCustomBoxes(db);
  const { cards, loaded: cardsLoaded } = useSavedCards(db);
  const [params, setParams] = useSearchParams();
  const [cardKey, setCardKey] = useState<string | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(() => rememberedPlacement());
  const [placing, setPlacing] = useState(false);
  const [modalDismissed, setModalDismissed] = useState(false);
  const placed = usePlacement(db, placement);
  const extendAsked = useRef(false);

  const closedBoxes = customBoxes.filter((box) => box.closed);
  // Closed custom boxes are ordered with the lines; open ones stay in the cart.
  const orderable = cart.lines.length + closedBoxes.length;
  const signature = [
    ...cart.lines.map((line) => `${line.key}:${line.boxes}:${line.updated_at}`),
    ...closedBoxes.map((box) => `${box.key}:${box.updated_at}`),
  ].join('|');
  // An email-only session may not review the account's cart: the server would refuse it.
  const mayReview = session !== null && !isEmailOnlySession(session.user);
  const review = useCheckoutReview(signature, status.reachable && orderable > 0 && mayReview);
  const chosenCard = cards.find((card) => card.key === cardKey) ?? cards[0] ?? null;
  const customerKey = session?.user.metadata.customer ?? null;
  // The credit the server last said this customer has: offline, the estimate takes it off.
  const knownCreditCents = useMemo(
    () => (review ? 0 : readKnownCreditCents(customerKey)),
    [review, customerKey],
  );
  const totals = useMemo(
    () => review ?? estimateTotals(cart.lines, customBoxes, knownCreditCents),
    [review, cart.lines, customBoxes, knownCreditCents],
  );

  useEffect(() => {
    if (review && customerKey) writeKnownCreditCents(customerKey, review.credit_available_cents);
  }, [review, customerKey]);

  useEffect(() => {
    // Remembered only until its outcome is known, so a later visit starts a fresh checkout.
    if (placed && placed.phase !== 'waiting') forgetPlacement();
  }, [placed]);

  useEffect(() => {
    if (!db || extendAsked.current || !params.has('extend_expiration_boxes')) return;
    extendAsked.current = true;
    void enqueueOrTell(db, 'extend_expiration_boxes', {});
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('extend_expiration_boxes');
        return next;
      },
      { replace: true },
    );
  }, [db, params, setParams]);

  if (!session) {
    return (
      <section className="checkout">
        <h1>Checkout</h1>
        <EmptyState
          title="Log in to check out"
          action={<Button onPress={openLogin}>Log in</Button>}
        >
          Your cart and saved cards are kept with your account.
        </EmptyState>
      </section>
    );
  }
  if (!db) {
    return (
      <section className="checkout">
        <h1>Checkout</h1>
        <EmptyState title="Checkout is for buyer accounts">{stemlineMessages.forbidden}</EmptyState>
      </section>
    );
  }

  const guest = session.user.metadata.guest;
  const { metadata } = session.user;
  // The server's rule, shown before the buyer presses Place order (shared orderBlocker).
  const blocker = orderBlocker({
    guest,
    emailVerified: !isEmailOnlySession(session.user) && emailVerified(session.user),
    actualAddress: metadata.customer_actual_address,
    hasMainAddress: mainAddressOf(session.user) !== null,
  });
  const shipments = shipmentAddresses(
    cart.lines,
    closedBoxes.length > 0,
    selectedAddressOf(session.user),
  );
  if (placement && placed?.phase === 'placed') {
    const removed = placed.orders.flatMap((order) => order.removed_products);
    return (
      <section className="checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <OrderConfirmation
          orders={placed.orders}
          showRemoved={!guest}
          onDone={() => {
            forgetPlacement();
            setPlacement(null);
          }}
        />
        <RemovedProductsModal
          products={removed}
          isOpen={guest && removed.length > 0 && !modalDismissed}
          onClose={() => setModalDismissed(true)}
        />
      </section>
    );
  }

  const waiting = placement !== null && (placed === null || placed.phase === 'waiting');
  const refusal = placement !== null && placed?.phase === 'rejected' ? placed : null;

  const placeOrder = async (): Promise<void> => {
    if (!chosenCard) return;
    setPlacing(true);
    setModalDismissed(false);
    try {
      setPlacement(await enqueuePlaceOrder(db, chosenCard.key));
      // An order queued offline will spend the credit its estimate took: a second offline
      // estimate must not count it again. The next review says what is really left.
      if (!review && customerKey && totals.credit_applied_cents > 0)
        writeKnownCreditCents(customerKey, knownCreditCents - totals.credit_applied_cents);
    } catch (error) {
      showToast({
        title: checkoutMessages.orderNotQueued,
        variant: 'error',
        description: isQuotaError(error) ? stemlineMessages.storageFull : undefined,
      });
    } finally {
      setPlacing(false);
    }
  };

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      {refusal && (
        <div className="checkout__refusal" role="alert">
          <p>
            <strong>{checkoutMessages.orderNotPlaced}</strong> {refusal.message}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              forgetPlacement();
              setPlacement(null);
            }}
          >
            Dismiss
          </Button>
        </div>
      )}
      <RemovedProductsModal
        products={[]}
        message={refusal?.message}
        isOpen={guest && refusal?.code === 'products_removed' && !modalDismissed}
        onClose={() => setModalDismissed(true)}
      />
      {!cart.loaded ? (
        <div className="checkout__loading">
          <Spinner aria-label="Loading your cart" />
        </div>
      ) : orderable === 0 && !waiting ? (
        <EmptyState
          title={checkoutMessages.cartEmpty}
          action={
            <LinkButton href="/shopping/home" variant="secondary">
              Browse the catalogue
            </LinkButton>
          }
        >
          {customBoxes.length > 0
            ? checkoutMessages.openBoxesStay(customBoxes.length)
            : 'Add boxes from the catalogue, then come back here to place your order.'}
        </EmptyState>
      ) : (
        <div className="checkout__grid">
          <div className="checkout__main">
            <CheckoutShipTo addresses={shipments} />
            {(cart.lines.length > 0 || (review?.removed_products.length ?? 0) > 0) && (
              <CheckoutLines lines={cart.lines} review={review} />
            )}
            <CheckoutBoxes boxes={customBoxes} review={review} />
          </div>
          <aside className="checkout__summary" aria-labelledby="checkout-pay">
            <h2 id="checkout-pay">Payment</h2>
            <PaymentPicker
              db={db}
              cards={cards}
              loaded={cardsLoaded}
              online={status.reachable}
              selectedKey={chosenCard?.key ?? null}
              onSelect={setCardKey}
            />
            <dl className="checkout__totals">
              <dt>Subtotal</dt>
              <dd>{formatCents(totals.subtotal_cents)}</dd>
              {totals.discount_cents > 0 && (
                <>
                  <dt>
                    Referral discount ({Math.round(totals.discount_rate * 100)}% off your first
                    order)
                  </dt>
                  <dd>−{formatCents(totals.discount_cents)}</dd>
                </>
              )}
              {totals.credit_applied_cents > 0 && (
                <>
                  <dt>
                    {review ? creditMessages.creditLabel : creditMessages.creditEstimateLabel}
                  </dt>
                  <dd data-testid="checkout-credit">−{formatCents(totals.credit_applied_cents)}</dd>
                </>
              )}
              <dt className="checkout__total-label">Total</dt>
              <dd className="checkout__total" data-testid="checkout-total">
                {formatCents(totals.total_cents)}
              </dd>
            </dl>
            {review && <CheckoutCredit review={review} />}
            {!review && totals.credit_applied_cents > 0 && (
              <p className="checkout__hint" data-testid="checkout-credit-estimate">
                {creditMessages.creditEstimate(formatCents(knownCreditCents))}
              </p>
            )}
            {!review && (
              <p className="checkout__hint">
                {status.reachable
                  ? 'Checking prices and stock…'
                  : 'Offline: an estimate from your cart. Prices and stock are checked again when your order reaches the server.'}
              </p>
            )}
            {blocker && !waiting && (
              <div className="checkout__blocker" role="status">
                <p>{blocker.message}</p>
                {blocker.code === 'email_unverified' ? (
                  <SendLinkButton email={session.user.email} />
                ) : (
                  <LinkButton href="/shopping/home" variant="secondary" size="sm">
                    Choose a delivery address
                  </LinkButton>
                )}
              </div>
            )}
            {waiting ? (
              <p className="checkout__waiting" role="status">
                <Spinner size="sm" aria-label="Waiting for the server" />{' '}
                {status.reachable ? 'Placing your order…' : checkoutMessages.orderQueued}
              </p>
            ) : (
              <Button
                size="lg"
                onPress={() => void placeOrder()}
                isPending={placing}
                isDisabled={!chosenCard || orderable === 0 || blocker !== null}
              >
                Place order
              </Button>
            )}
          </aside>
        </div>
      )}
    </section>
  );
}
