import { useEffect, useState } from 'react';
import {
  claimOpenUntil,
  customBoxLabel,
  orderRowJourneys,
  type Claim,
  type Order,
  type OrderStage,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { useAccountDb } from '../../session/account-context';
import { Button, dotSeparated } from '../../ui';
import { ClaimProcessInfo } from '../claims/claim-process-info';
import { preparePhotoResizer } from '../claims/compress-photo';
import { RequestClaimModal } from '../claims/request-claim-modal';
import { useClaims } from '../claims/use-claims';
import '../claims/claims.css';
import { orderLineLabel } from './order-line-label';

/** Each stage's name, as a row's journey and an order's card show it. */
export const STAGE_TEXT: Record<OrderStage | 'cancelled', string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  arrived: 'Arrived',
  cancelled: 'Cancelled',
};
const when = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
});
/** The countdown moves on this often. */
const TICK_MS = 30_000;

/** '1 d 4 h left', '3 h 05 min left' */
export function timeLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return days > 0
    ? `${days} d ${hours} h left`
    : `${hours} h ${String(rest).padStart(2, '0')} min left`;
}

function useServerNow(): number {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(serverClock.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Each row's journey (placed → confirmed → shipped → arrived, or cancelled) by the server
 * clock, its carrier and tracking number once shipped, and what can be claimed until when, with
 * the request-claim modal (issue 24).
 */
export function OrderJourney({ order }: { order: Order }) {
  const db = useAccountDb();
  const { claims } = useClaims(db);
  const now = useServerNow();
  const [claiming, setClaiming] = useState(false);
  const orderClaims: Claim[] = claims.filter((claim) => claim.order_key === order.key);
  const until = claimOpenUntil(order, orderClaims, now);
  const claimable = until !== null;
  useEffect(() => {
    if (claimable) preparePhotoResizer();
  }, [claimable]);
  // Each row named by its flowers and grower, so its tracking number reads as theirs; each
  // ordered custom box travels as one row.
  const rows = orderRowJourneys(order, now).map(({ id, line, box, journey }) => ({
    id,
    box: box?.box_key,
    name: line ? orderLineLabel(line) : customBoxLabel(box),
    journey,
  }));
  return (
    <div className="order-journey">
      <ul className="order-journey__rows" aria-label="Delivery progress">
        {rows.map(({ id, box, name, journey }) => {
          return (
            <li key={id} data-testid="order-journey" data-stage={journey.stage} data-box={box}>
              {rows.length > 1 && <span className="order-journey__name">{name}</span>}
              <ol className="order-journey__steps">
                {journey.steps.map((step) => (
                  <li key={step.stage} data-done={step.done}>
                    {STAGE_TEXT[step.stage]}
                    {step.done && ` ${when.format(step.at)}`}
                  </li>
                ))}
                {journey.stage === 'cancelled' && <li data-done="true">Cancelled</li>}
              </ol>
              {journey.tracking_number && (
                <span className="order-journey__tracking" data-testid="tracking-number">
                  {journey.carrier} tracking {journey.tracking_number}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {until !== null && db && (
        <div className="order-journey__claim">
          <p data-testid="claim-window">
            {dotSeparated([`Claims open until ${when.format(until)}`, timeLeft(until - now)])}
          </p>
          <Button size="sm" variant="secondary" onPress={() => setClaiming(true)}>
            Request a claim
          </Button>
          <ClaimProcessInfo />
          <RequestClaimModal
            db={db}
            order={order}
            claims={orderClaims}
            isOpen={claiming}
            onOpenChange={setClaiming}
          />
        </div>
      )}
    </div>
  );
}
