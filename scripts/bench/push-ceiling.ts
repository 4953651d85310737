/**
 * The ceiling of the push benchmark: the add-to-cart rule run directly on better-sqlite3, with no
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
  const findResult = app.db.prepare<[string], { customer_key: string; result: string }>(
    'SELECT customer_key, result FROM mutations WHERE id = ?',
  );
  const recordResult = app.db.prepare<
    [string, string, string, string, string, number, number, number]
  >(
    `INSERT INTO mutations (id, customer_key, client_id, name, result, applied_seq, created_at, applied_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const applyOne = app.db.transaction(
    (customerKey: string, clientId: string, mutation: CeilingBatch['mutations'][number]) => {
      if (findResult.get(mutation.id)) return false;
      const outcome = addToCart(customerKey, mutation.args);
      const appliedSeq = app.changes.currentSeq();
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
      recordResult.run(
        mutation.id,
        customerKey,
        clientId,
        'add_to_cart',
        JSON.stringify(result),
        appliedSeq,
        mutation.createdAt,
        app.now(),
      );
      return outcome.status === 'applied';
    },
  );
  // A transaction function called inside another transaction runs as a savepoint.
  const applyBatch = app.db.transaction((batch: CeilingBatch): boolean[] =>
    batch.mutations.map((mutation) => applyOne(batch.customerKey, batch.clientId, mutation)),
  );

  return function run(batches: readonly CeilingBatch[]): CeilingReport {
    let applied = 0;
    let mutations = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (const batch of batches) {
      for (const ok of applyBatch(batch)) if (ok) applied += 1;
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
