import {
  comingDeliveries,
  formatEtaDate,
  marketToday,
  standingOrderMessages,
  toEtaDate,
  weekClosure,
  type StandingClosureSets,
  type StandingOrder,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { ModalDialog, StatusPill } from '../../ui';
import { countBoxes } from './describe-box';

/**
 * The 'delivery schedule' modal (spec §2): the coming deliveries of all standing orders, soonest
 * first, with skipped (or paused) and changed weeks marked. Computed on the device from the
 * synced orders by the server's own rule, so it opens offline.
 */
export function DeliveryScheduleModal({
  orders,
  closures,
  onClose,
}: {
  orders: readonly StandingOrder[];
  /** Closed weeks and holidays (known online only): their deliveries are marked, not made. */
  closures: StandingClosureSets;
  onClose: () => void;
}) {
  const deliveries = comingDeliveries(orders, toEtaDate(marketToday(serverClock.now())), 20);
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={standingOrderMessages.deliveryScheduleTitle}
      size="md"
    >
      {deliveries.length === 0 ? (
        <p>No coming deliveries.</p>
      ) : (
        <ul className="standing-orders__schedule">
          {deliveries.map((delivery) => {
            const closed = weekClosure(delivery.week, delivery.date, closures);
            const skipped = delivery.skipped || closed !== null;
            return (
              <li key={`${delivery.order_key}-${delivery.week}`} data-skipped={skipped}>
                <strong>{formatEtaDate(delivery.date)}</strong> {delivery.name}:{' '}
                {countBoxes(delivery.boxes)}{' '}
                {closed ? (
                  <StatusPill status="neutral">{closed}</StatusPill>
                ) : (
                  delivery.skipped && <StatusPill status="neutral">Skipped</StatusPill>
                )}
                {delivery.changed && !skipped && (
                  <StatusPill status="pending">Changed this week</StatusPill>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ModalDialog>
  );
}
