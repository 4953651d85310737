import {
  formatEtaDate,
  formatCents,
  shoppingListCardMessages,
  shoppingListMessages,
  type RunItemOutcome,
  type ShoppingListRun,
  nameWithLength,
} from '@stemline/shared';
import { Link, StatusPill, type Status } from '../../ui';
import './shopping-lists.css';

const statusText: Record<RunItemOutcome['status'], [string, Status]> = {
  added: ['Added', 'online'],
  partial: ['Partly added', 'pending'],
  sold_out: ['Sold out', 'error'],
  not_offered: ['Not offered', 'error'],
  product_gone: ['No longer exists', 'error'],
};

/**
 * What the last run of a list did, item by item: what reached the cart, why anything did not in
 * full (the server's words), and the nearest offers to take instead, each said to be the same
 * variety from another farm or the same kind, colour and length. Nothing is swapped silently:
 * an alternative is a link to its product, for the buyer to add.
 */
export function RunReport({ run }: { run: ShoppingListRun }) {
  const short = run.outcomes.filter((outcome) => outcome.status !== 'added').length;
  return (
    <section className="run-report" aria-label={`Added to cart for ${formatEtaDate(run.eta_date)}`}>
      <h3>Added to cart for {formatEtaDate(run.eta_date)}</h3>
      <p className="run-report__summary" role="status">
        {short === 0
          ? shoppingListMessages.runAllAdded(run.outcomes.length)
          : shoppingListMessages.runShort(short, run.outcomes.length)}
      </p>
      <ul className="run-report__items">
        {run.outcomes.map((outcome) => {
          const [label, status] = statusText[outcome.status];
          return (
            <li key={outcome.item_key} className="run-report__item" data-status={outcome.status}>
              <div className="run-report__head">
                <strong>{outcome.variety_name}</strong>
                <StatusPill status={status}>{label}</StatusPill>
                <span>
                  {outcome.added_boxes} of {outcome.requested_boxes} boxes
                </span>
              </div>
              {outcome.messages.map((message) => (
                <p key={message} className="run-report__message">
                  {message}
                </p>
              ))}
              {outcome.alternatives.length > 0 && (
                <div className="run-report__alternatives">
                  <p>Nearest alternatives (not added):</p>
                  <ul>
                    {outcome.alternatives.map((alt) => (
                      <li key={alt.inventory_key}>
                        <Link
                          href={`/shopping/home?date=${run.eta_date}&variety=${encodeURIComponent(alt.variety_key)}`}
                        >
                          {nameWithLength(alt.variety_name, alt.length)} from {alt.grower_name}
                        </Link>{' '}
                        — {formatCents(alt.stem_price_cents)}, {alt.boxes_available} boxes left.{' '}
                        {alt.reason === 'same_variety'
                          ? shoppingListCardMessages.alternativeSameVariety
                          : shoppingListCardMessages.alternativeSameGroup}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
