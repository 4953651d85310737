import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createClaims } from './claims';

/**
 * The queued mutations of claims; the claim comes back through pull of `claims`. A device
 * queues `claim_finish` once the claim's photos are in its folder on the server.
 */
export function createClaimMutations(
  app: AppContext,
): FeatureMutations<'claim_finish' | 'claim_update' | 'claim_delete'> {
  const claims = createClaims(app);
  return {
    claim_finish: async (customerKey, args) =>
      handlerOutcome(await claims.finish(customerKey, args)),
    claim_update: async (customerKey, args) =>
      handlerOutcome(await claims.update(customerKey, args)),
    claim_delete: async (customerKey, args) =>
      handlerOutcome(await claims.withdraw(customerKey, args.claim_key)),
  };
}
