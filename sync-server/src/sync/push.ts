import { z } from 'zod';
import {
  mutationResultSchema,
  stemlineMessages,
  type Mutation,
  type MutationResult,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createMutationHandlers, createMutationRunner } from './mutation-registry';

/**
 * Applies a batch of queued mutations in order, in one transaction, each mutation in its own
 * savepoint together with its idempotency record: a mutation that fails rolls back its own
 * writes only, and a crash before the commit leaves none of the batch behind, so the replayed
 * batch applies it whole. A replayed id returns the result it got the first time and changes
 * nothing. One commit per batch instead of one per mutation is what lets a push keep up with
 * the rule itself (see scripts/bench/sync-bench.ts).
 */
export function createPushProcessor(app: AppContext) {
  const runMutation = createMutationRunner(createMutationHandlers(app));
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
    (
      customerKey: string,
      clientId: string,
      mutation: Mutation,
    ): { result: MutationResult; touched: SyncedCollection[] } => {
      const previous = findResult.get(mutation.id);
      if (previous) {
        if (previous.customer_key !== customerKey) {
          // Never reveal another customer's result; the id is simply unusable for this caller.
          return {
            result: rejected(
              mutation.id,
              app.changes.currentSeq(),
              stemlineMessages.invalidRequest,
            ),
            touched: [],
          };
        }
        return { result: mutationResultSchema.parse(JSON.parse(previous.result)), touched: [] };
      }
      let result: MutationResult;
      let touched: SyncedCollection[] = [];
      try {
        const outcome = runMutation(customerKey, mutation.name, mutation.args);
        if (outcome.status === 'applied') {
          touched = outcome.touched;
          result = {
            id: mutation.id,
            status: 'applied',
            appliedSeq: app.changes.currentSeq(),
            message: outcome.message,
          };
        } else {
          result = {
            id: mutation.id,
            status: 'rejected',
            appliedSeq: app.changes.currentSeq(),
            code: outcome.code,
            message: outcome.message,
          };
        }
      } catch (error) {
        if (!(error instanceof z.ZodError)) throw error;
        result = rejected(mutation.id, app.changes.currentSeq(), stemlineMessages.invalidRequest);
      }
      recordResult.run(
        mutation.id,
        customerKey,
        clientId,
        mutation.name,
        JSON.stringify(result),
        result.appliedSeq,
        mutation.createdAt,
        app.now(),
      );
      return { result, touched };
    },
  );

  // Called inside `applyBatch`, each `applyOne` runs as a savepoint (better-sqlite3 nests them).
  const applyBatch = app.db.transaction(
    (customerKey: string, clientId: string, mutations: Mutation[]) => {
      const outcomes: ReturnType<typeof applyOne>[] = [];
      for (const mutation of mutations) {
        try {
          outcomes.push(applyOne(customerKey, clientId, mutation));
        } catch (failure) {
          // An unexpected error (a bug, a full disk): its savepoint is already rolled back.
          // Keep what the mutations before it did, and let the client retry from this one.
          return { outcomes, failure: asError(failure) };
        }
      }
      return { outcomes, failure: undefined };
    },
  );

  return function push(
    customerKey: string,
    clientId: string,
    mutations: Mutation[],
  ): MutationResult[] {
    const { outcomes, failure } = applyBatch(customerKey, clientId, mutations);
    const touched = new Set(outcomes.flatMap((outcome) => outcome.touched));
    if (touched.size > 0) app.changes.poke(customerKey, [...touched]);
    if (failure !== undefined) throw failure;
    return outcomes.map((outcome) => outcome.result);
  };
}

function asError(failure: unknown): Error {
  return failure instanceof Error ? failure : new Error(String(failure));
}

function rejected(id: string, seq: number, message: string): MutationResult {
  return { id, status: 'rejected', appliedSeq: seq, code: 'invalid_args', message };
}
