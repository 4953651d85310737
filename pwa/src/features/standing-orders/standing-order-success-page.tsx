import { useLocation } from 'react-router';
import { standingOrderMessages } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { useSyncReachable } from '../../sync/use-sync-status';
import { LinkButton } from '../../ui';
import { useOutboxAnswer } from '../shell/outbox-answer';
import { RefusedChanges } from '../shell/refused-changes';

/** What the form hands this page: the outbox entry that creates the standing order. */
export interface SuccessState {
  change: string;
}

/**
 * `/shopping/home/account/standing-orders/success` (spec §2), shown after a standing order is
 * made. It is set only once the server has accepted it: until then the page says it is saved on
 * this device and waits to be sent, and a refusal is shown with its reason. Spec §2 excludes it
 * from page-view tracking; this build sends no page views at all, so there is nothing to leave
 * out yet (a tracker added later must skip this path).
 */
export function StandingOrderSuccessPage() {
  const db = useAccountDb();
  const state = useLocation().state as Partial<SuccessState> | null;
  const answer = useOutboxAnswer(db, typeof state?.change === 'string' ? state.change : null);
  const reachable = useSyncReachable();
  return (
    <section className="standing-orders" aria-labelledby="so-success-title">
      <h1 id="so-success-title">
        {answer === 'waiting'
          ? 'Your standing order is saved on this device'
          : answer === 'refused'
            ? 'Your standing order was not set'
            : standingOrderMessages.successTitle}
      </h1>
      {answer === 'waiting' && (
        <p role="status">
          {reachable
            ? 'It is being sent to Stemline, and is set once Stemline accepts it.'
            : 'It will be sent to Stemline when you are back online, and is set once Stemline accepts it.'}
        </p>
      )}
      {answer === 'refused' && db && <RefusedChanges db={db} about="standing_orders" />}
      <p>{standingOrderMessages.pricePolicy}</p>
      <LinkButton href="/shopping/home/account/standing-orders">
        See your standing orders
      </LinkButton>
    </section>
  );
}
