import type { MutationArgs, MutationName } from '@stemline/shared';
import type { AppliedChange, Rejected } from './outcome';

/**
 * What a handler decided: any rule's `Outcome` fits (`handlerOutcome` drops its value). An
 * applied mutation reports the synced collections it wrote, which the push pokes to the
 * customer's other devices; they must be among its definition's.
 */
export type HandlerOutcome = AppliedChange | Rejected;

/**
 * The server's rule for one queued mutation. It runs inside the push transaction, in its own
 * savepoint, with args the registry has already parsed with the mutation's shared schema: the
 * same function its REST call runs. It may be async (its repositories' statements are, on the
 * SQL engine); the push awaits it before the next mutation. Keep real I/O out of it (see
 * db/transactional.ts).
 */
export type MutationHandler<Name extends MutationName> = (
  customerKey: string,
  args: MutationArgs<Name>,
) => HandlerOutcome | Promise<HandlerOutcome>;

/** The handlers of one feature, keyed by the mutations it owns. */
export type FeatureMutations<Names extends MutationName> = {
  readonly [Name in Names]: MutationHandler<Name>;
};

/** A rule's outcome as a push result, without the rule's value. */
export function handlerOutcome(outcome: HandlerOutcome): HandlerOutcome {
  return outcome.status === 'applied'
    ? { status: 'applied', message: outcome.message, touched: outcome.touched }
    : { status: 'rejected', code: outcome.code, message: outcome.message };
}
