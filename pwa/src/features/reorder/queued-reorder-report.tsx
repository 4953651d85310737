import { useRef } from 'react';
import { map } from 'rxjs';
import { formatEtaDate, shoppingListMessages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';
import type { QueuedReorder } from './queue-reorder';
import { queuedLineText, unjudgedLineText } from './queued-line-text';

type Answer =
  { state: 'waiting' } | { state: 'answered'; message: string | null } | { state: 'all-added' };

/**
 * What an offline "Order again" did and what is left to the server, said plainly: the lines in
 * the cart now, each line this device could not judge, that substitutes wait for the server; then,
 * once synced, the server's own answer (sold out, fewer boxes, substitutes proposed, not added).
 */
export function QueuedReorderReport({
  db,
  queued,
  etaDate,
  substitute,
}: {
  db: AccountDb;
  queued: QueuedReorder;
  etaDate: number;
  substitute: boolean;
}) {
  const answer = useReorderAnswer(db, queued.mutationId);
  const date = formatEtaDate(etaDate);
  return (
    <div className="order-again__answer" role="region" aria-label="Order again, saved offline">
      <p>
        {queued.shown.length > 0
          ? shoppingListMessages.reorderQueued
          : shoppingListMessages.reorderQueuedNothingLocal}
      </p>
      <ul>
        {queued.shown.map((line) => (
          <li key={line.line_no} data-testid="reorder-shown">
            {queuedLineText(line)}
          </li>
        ))}
      </ul>
      <ul>
        {!queued.catalogOnDevice && <li>{shoppingListMessages.reorderNoCatalogOnDevice(date)}</li>}
        {queued.unjudged.map((line) => (
          <li key={line.line_no} data-testid="reorder-unjudged">
            {unjudgedLineText(line, date)}
          </li>
        ))}
        {substitute && <li>{shoppingListMessages.reorderSubstitutesLater}</li>}
      </ul>
      {answer.state !== 'waiting' && (
        <div role="status" data-testid="reorder-server-answer">
          <p>{shoppingListMessages.reorderServerAnswer}</p>
          <p>
            {answer.state === 'all-added'
              ? shoppingListMessages.reorderAllAddedOnSync
              : (answer.message ?? shoppingListMessages.reorderAllAddedOnSync)}
          </p>
        </div>
      )}
    </div>
  );
}

/**
 * The server's answer to the queued re-order, read from its outbox entry. An entry applied with
 * nothing to tell is pruned from the outbox once pulled, so an entry gone after it was seen was
 * applied in full.
 */
function useReorderAnswer(db: AccountDb, mutationId: string): Answer {
  const seen = useRef(false);
  return useObservable(
    () =>
      db.mutations.findOne(mutationId).$.pipe(
        map((doc): Answer => {
          if (!doc) return seen.current ? { state: 'all-added' } : { state: 'waiting' };
          seen.current = true;
          if (doc.status === 'pending') return { state: 'waiting' };
          return { state: 'answered', message: doc.message ?? null };
        }),
      ),
    { state: 'waiting' },
    [db, mutationId],
  );
}
