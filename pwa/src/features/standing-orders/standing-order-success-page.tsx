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
 * this device and waits to be sent, and a refusal is shown with its reason. The page says the
 * answer itself (and announces it), so the form's toasts of this change stay away while it is
 * shown. Spec §2 excludes it from page-view tracking (`analytics/page-view-tracker.tsx`).
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
          ? standingOrderMessages.savedTitle
          : answer === 'refused'
            ? standingOrderMessages.refusedTitle
            : standingOrderMessages.successTitle}
      </h1>
      {/* One live region for the whole wait: a title that changes is not read out by itself. */}
      <p role="status" className={answer === 'waiting' ? undefined : 'sl-visually-hidden'}>
        {answer === 'waiting'
          ? reachable
            ? standingOrderMessages.beingSent
            : standingOrderMessages.sentWhenOnline
          : answer === 'accepted'
            ? standingOrderMessages.successTitle
            : null}
      </p>
      {answer === 'refused' && db && <RefusedChanges db={db} about="standing_orders" />}
      <p>{standingOrderMessages.pricePolicy}</p>
      <LinkButton href="/shopping/home/account/standing-orders">
        {standingOrderMessages.seeStandingOrders}
      </LinkButton>
    </section>
  );
}
