import { useState } from 'react';
import {
  deliveryWeeks,
  formatEtaDate,
  MAIN_ADDRESS_KEY,
  marketToday,
  mondayOf,
  parseEtaDate,
  standingOrderMessages,
  toEtaDate,
  weekClosure,
  weekDecided,
  type SavedCard,
  type StandingClosureSets,
  type StandingOrder,
  type VisibleStandingOrder,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import type { AccountDb } from '../../storage/account-db';
import { Button, EmptyState, ModalDialog, StatusPill } from '../../ui';
import { useLoginModal } from '../auth/login-modal-context';
import { enqueueOrTell } from '../shell/enqueue-or-tell';
import { RefusedChanges } from '../shell/refused-changes';
import { useSavedCards } from '../checkout/use-saved-cards';
import { formatAddress, mainAddressOf, selectedAddressOf } from '../delivery/selected-address';
import { useAddresses } from '../delivery/use-addresses';
import { ChargedCardSelect } from './charged-card-select';
import { weekLabel } from './coming-weeks';
import { DeliveryScheduleModal } from './delivery-schedule-modal';
import { describeBox, describeItem } from './describe-box';
import { StandingOrderForm } from './standing-order-form';
import { useStandingClosures, useStandingOrders } from './use-standing-orders';
import './standing-orders.css';

/**
 * The buyer's standing orders (`/shopping/home/account/standing-orders`): make one from a
 * shopping list, pause, resume or cancel it, skip one coming week, see and change the card it
 * is charged to, and see the delivery schedule
 * of all of them. Read from the synced `standing_orders` collection, so it opens offline.
 */
export function StandingOrdersPage() {
  const session = useSession();
  const db = useAccountDb();
  const openLogin = useLoginModal();
  const { orders, pending } = useStandingOrders(db);
  const closures = useStandingClosures();
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const { cards } = useSavedCards(db);
  const selected = session ? selectedAddressOf(session.user) : null;
  const address = selected?._KEY ?? null;
  const { addresses } = useAddresses(db);
  /** "120 Main Street, Hoboken, NJ 07030" for a standing order's address key, when known. */
  const addressText = (key: string | null): string | null => {
    if (key === null || key === MAIN_ADDRESS_KEY) {
      const main = session && mainAddressOf(session.user);
      return main ? formatAddress(main) : null;
    }
    const found = addresses.find((a) => a._KEY === key || a.key === key);
    return found ? formatAddress(found) : null;
  };

  if (!session || !db)
    return (
      <section className="standing-orders">
        <h1>Standing orders</h1>
        <EmptyState
          title="Log in to see your standing orders"
          action={<Button onPress={openLogin}>Log in</Button>}
        >
          Standing orders are kept with your account.
        </EmptyState>
      </section>
    );
  return (
    <section className="standing-orders" aria-labelledby="standing-orders-title">
      <div className="standing-orders__head">
        <h1 id="standing-orders-title">Standing orders</h1>
        {pending > 0 && <StatusPill status="pending">{pending} waiting to sync</StatusPill>}
        <Button variant="secondary" onPress={() => setScheduleOpen(true)}>
          {standingOrderMessages.deliveryScheduleTitle}
        </Button>
      </div>
      <RefusedChanges db={db} about="standing_orders" />
      <StandingOrderForm
        db={db}
        disabledWeeks={closures.weeks}
        address={address}
        addressText={selected ? formatAddress(selected) : null}
      />
      <ul className="standing-orders__list">
        {orders.map((order) => (
          <StandingOrderCard
            key={order.key}
            db={db}
            order={order}
            cards={cards}
            closures={closures}
            addressText={addressText(order.address)}
          />
        ))}
      </ul>
      {scheduleOpen && (
        <DeliveryScheduleModal
          orders={orders}
          closures={closures}
          onClose={() => setScheduleOpen(false)}
        />
      )}
    </section>
  );
}

/** The yyyyMMdd of weekday `isoWeekday` (Monday 1) in the week of `monday`. */
function dayOfWeek(monday: number, isoWeekday: number): number {
  const date = parseEtaDate(monday);
  return date ? toEtaDate(date.add({ days: isoWeekday - 1 })) : monday;
}

function StandingOrderCard({
  db,
  order,
  cards,
  closures,
  addressText,
}: {
  db: AccountDb;
  order: VisibleStandingOrder;
  cards: readonly SavedCard[];
  /** Where its boxes go, when the address book knows its address. */
  addressText: string | null;
  /** The weeks and days standing orders do not deliver (known online only). */
  closures: StandingClosureSets;
}) {
  const today = toEtaDate(marketToday(serverClock.now()));
  const thisMonday = mondayOf(today);
  const coming = deliveryWeeks(order)
    .filter((week) => week > thisMonday)
    .slice(0, 4);
  const status = (next: StandingOrder['status']) =>
    void enqueueOrTell(db, 'set_standing_order_status', { key: order.key, status: next });
  // Cancelling cannot be undone (Pause can): it is asked once more.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  return (
    <li className="standing-order" aria-labelledby={`so-${order.key}`}>
      <div className="standing-orders__head">
        <h2 id={`so-${order.key}`}>{order.name}</h2>
        {order.pending && <StatusPill status="pending">Waiting to sync</StatusPill>}
        <StatusPill status={order.status === 'active' ? 'online' : 'neutral'}>
          {order.status === 'active'
            ? 'Active'
            : order.status === 'paused'
              ? 'Paused'
              : 'Cancelled'}
        </StatusPill>
      </div>
      <p>
        {order.every_weeks === 1 ? 'Every week' : 'Every two weeks'} for{' '}
        {order.term_weeks === 12 ? '12 weeks' : 'a year'} from {weekLabel(order.start_week)}.{' '}
        {standingOrderMessages.pricePolicy}
      </p>
      {addressText && <p>{standingOrderMessages.deliversTo(addressText)}.</p>}
      {order.items.length > 0 && (
        <ul className="standing-order__boxes" aria-label="Boxes each delivery">
          {order.items.map((item) => (
            <li key={item.key}>{describeItem(item)}</li>
          ))}
        </ul>
      )}
      {order.custom_boxes.length > 0 && (
        <ul className="standing-order__boxes" aria-label="Custom boxes">
          {order.custom_boxes.map((box) => (
            <li key={box.key}>{describeBox(box)}</li>
          ))}
        </ul>
      )}
      <ChargedCardSelect
        cards={cards}
        cardKey={order.card_key ?? null}
        isDisabled={order.status === 'cancelled'}
        onChange={(cardKey) =>
          void enqueueOrTell(db, 'set_standing_order_card', { key: order.key, card_key: cardKey })
        }
      />
      {order.status !== 'cancelled' && (
        <>
          <ul className="standing-order__weeks" aria-label="Coming weeks">
            {coming.map((week) => {
              const skipped = order.skipped_weeks.includes(week);
              // From its cut-off the week is decided: the server refuses a skip.
              const decided = weekDecided(order, week, today);
              // A week standing orders do not deliver starts out skipped, and on a holiday
              // the run makes no order: neither is the buyer's to take back ('Deliver'
              // offered a delivery that week, before).
              const date = dayOfWeek(week, order.delivery_weekday);
              const closed = weekClosure(week, date, closures);
              return (
                <li key={week}>
                  {weekLabel(week)} ({formatEtaDate(date)})
                  {closed ? (
                    <StatusPill status="neutral">{closed}</StatusPill>
                  ) : (
                    skipped && <StatusPill status="neutral">Skipped</StatusPill>
                  )}
                  {closed ? null : decided ? (
                    <StatusPill status="neutral">Past its cut-off</StatusPill>
                  ) : (
                    <Button
                      size="sm"
                      variant="quiet"
                      aria-label={`${skipped ? 'Deliver' : 'Skip'} ${weekLabel(week)}`}
                      onPress={() =>
                        void enqueueOrTell(db, 'skip_standing_order_week', {
                          key: order.key,
                          week,
                          skip: !skipped,
                        })
                      }
                    >
                      {/* The visible word starts the name (axe label-content-name-mismatch). */}
                      {skipped ? 'Deliver' : 'Skip'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="standing-orders__head">
            {order.status === 'active' ? (
              <Button variant="secondary" onPress={() => status('paused')}>
                Pause
              </Button>
            ) : (
              <Button variant="secondary" onPress={() => status('active')}>
                Resume
              </Button>
            )}
            <Button variant="danger" onPress={() => setConfirmingCancel(true)}>
              Cancel standing order
            </Button>
          </div>
          <ModalDialog
            isOpen={confirmingCancel}
            onOpenChange={setConfirmingCancel}
            title={`Cancel the standing order ${order.name}?`}
            role="alertdialog"
            size="sm"
            footer={
              <>
                <Button variant="quiet" onPress={() => setConfirmingCancel(false)}>
                  Keep it
                </Button>
                <Button
                  variant="danger"
                  onPress={() => {
                    setConfirmingCancel(false);
                    status('cancelled');
                  }}
                >
                  Cancel standing order
                </Button>
              </>
            }
          >
            <p>
              No more orders will be made from it. This cannot be undone: to stop it for a while,
              Pause it instead.
            </p>
          </ModalDialog>
        </>
      )}
    </li>
  );
}
