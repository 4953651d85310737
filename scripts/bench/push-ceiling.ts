/**
 * The ceiling of the push benchmark: the add-to-cart rule run directly on the SQL engine, with no
 * HTTP, auth, JSON or schema validation in the way. It does the same database work the push path
 * does for each mutation, in the same transaction layout: the idempotency lookup, the rule (stock
 * read, decision, conditional stock update, line upsert, change sequence) and the idempotency
 * record with its result, one transaction per batch and a savepoint per mutation.
 */
import { performance } from 'node:perf_hooks';
import type { AddToCartArgs, MutationResult } from '@stemline/shared';
import type { AppContext } from '../../sync-server/src/app-context';
import { createAddToCart } from '../../sync-server/src/cart/add-to-cart';

export interface CeilingBatch {
  customerKey: string;
  clientId: string;
  mutations: { id: string; args: AddToCartArgs; createdAt: number }[];
}

export interface CeilingReport {
  perSec: number;
  cpuUsPerMutation: number;
  applied: number;
  rejected: number;
}

export function createCeiling(app: AppContext) {
  const addToCart = createAddToCart(app);
  const { engine } = app;
  const { mutationLog } = app.repos;
  const applyOne = (
    customerKey: string,
    clientId: string,
    mutation: CeilingBatch['mutations'][number],
  ): Promise<boolean> =>
    engine.transaction(async () => {
      const claim = {
        id: mutation.id,
        customerKey,
        clientId,
        name: 'add_to_cart',
        createdAt: mutation.createdAt,
        appliedAt: app.now(),
      };
      if (!(await mutationLog.claim(claim))) return false;
      const outcome = await addToCart(customerKey, mutation.args);
      const appliedSeq = await app.changes.current();
      const result: MutationResult =
        outcome.status === 'applied'
          ? { id: mutation.id, status: 'applied', appliedSeq, message: outcome.message }
          : {
              id: mutation.id,
              status: 'rejected',
              appliedSeq,
              code: outcome.code,
              message: outcome.message,
            };
      await mutationLog.settle(mutation.id, result);
      return outcome.status === 'applied';
    });
  // Called inside the batch's transaction, each mutation's runs as a savepoint.
  const applyBatch = (batch: CeilingBatch): Promise<boolean[]> =>
    engine.transaction(async () => {
      const results: boolean[] = [];
      for (const mutation of batch.mutations)
        results.push(await applyOne(batch.customerKey, batch.clientId, mutation));
      return results;
    });

  return async function run(batches: readonly CeilingBatch[]): Promise<CeilingReport> {
    let applied = 0;
    let mutations = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (const batch of batches) {
      for (const ok of await applyBatch(batch)) if (ok) applied += 1;
      mutations += batch.mutations.length;
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      perSec: mutations / seconds,
      cpuUsPerMutation: (cpu.user + cpu.system) / mutations,
      applied,
      rejected: mutations - applied,
    };
  };
}
