import type { MutationArgs, MutationName, RejectionCode, SyncedCollection } from '@stemline/shared';

/**
 * What a handler decided. An applied mutation reports the synced collections it wrote, which
 * the push pokes to the customer's other devices; they must be among its definition's.
 */
export type HandlerOutcome =
  | { status: 'applied'; message: string | null; touched: SyncedCollection[] }
  | { status: 'rejected'; code: RejectionCode; message: string };

/**
 * The server's rule for one queued mutation. It runs inside the push transaction with args the
 * registry has already parsed with the mutation's shared schema: the same function its REST
 * call runs, adapted to a push result.
 */
export type MutationHandler<Name extends MutationName> = (
  customerKey: string,
  args: MutationArgs<Name>,
) => HandlerOutcome;

/** The handlers of one feature, keyed by the mutations it owns. */
export type FeatureMutations<Names extends MutationName> = {
  readonly [Name in Names]: MutationHandler<Name>;
};

/** A feature rule's applied/rejected result as a push result, without the rule's own fields. */
export function handlerOutcome(outcome: HandlerOutcome): HandlerOutcome {
  return outcome.status === 'applied'
    ? { status: 'applied', message: outcome.message, touched: outcome.touched }
    : { status: 'rejected', code: outcome.code, message: outcome.message };
}
