import { z } from 'zod';
import {
  mutationResultSchema,
  stemlineMessages,
  type Mutation,
  type MutationResult,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';
import { isTransactionAbort } from '../db/transaction-abort';
import { createMutationHandlers, createMutationRunner } from './mutation-registry';

/**
 * Applies a batch of queued mutations in order, in one transaction, each mutation awaited
 * in its own savepoint together with its idempotency record: a mutation that fails rolls back its own
 * writes only, and a crash before the commit leaves none of the batch behind, so the replayed
 * batch applies it whole. A replayed id returns the result it got the first time and changes
 * nothing, also when two nodes receive the same batch at the same time: each id is claimed
 * before its mutation runs (mutation-log-repository.ts), and the node that loses the claim
 * answers the winner's result once it commits. One commit per batch instead of one per mutation is what lets a push keep up with
 * the rule itself (see scripts/bench/sync-bench.ts).
 */
export function createPushProcessor(app: AppContext) {
  const runMutation = createMutationRunner(createMutationHandlers(app));
  const { mutationLog } = app.repos;

  // Nested in `applyBatch`'s transaction, each call is one savepoint: the mutation's writes and
  // its idempotency record are kept or undone together.
  const applyOne = (
    customerKey: string,
    clientId: string,
    mutation: Mutation,
  ): Promise<{ result: MutationResult; touched: SyncedCollection[] }> =>
    app.transactional(async () => {
      const claimed = await mutationLog.claim({
        id: mutation.id,
        customerKey,
        clientId,
        name: mutation.name,
        createdAt: mutation.createdAt,
        appliedAt: app.now(),
      });
      if (!claimed) {
        const previous = await mutationLog.find(mutation.id);
        if (previous?.customer_key !== customerKey) {
          // Never reveal another customer's result; the id is simply unusable for this caller.
          return {
            result: rejected(
              mutation.id,
              await app.changes.current(),
              stemlineMessages.invalidRequest,
            ),
            touched: [],
          };
        }
        return { result: mutationResultSchema.parse(JSON.parse(previous.result)), touched: [] };
      }
      // One customer's mutations run one at a time across nodes (two devices, two nodes), so a
      // rule that reads the cart and then writes it never works from a stale read.
      await lockKey(app.engine, customerLockKey(customerKey));
      let result: MutationResult;
      let touched: SyncedCollection[] = [];
      try {
        const outcome = await runMutation(customerKey, mutation.name, mutation.args);
        if (outcome.status === 'applied') {
          touched = outcome.touched;
          result = {
            id: mutation.id,
            status: 'applied',
            appliedSeq: await app.changes.current(),
            message: outcome.message,
          };
        } else {
          result = {
            id: mutation.id,
            status: 'rejected',
            appliedSeq: await app.changes.current(),
            code: outcome.code,
            message: outcome.message,
          };
        }
      } catch (error) {
        // Any zod schema's refusal, zod/mini's included.
        if (!(error instanceof z.core.$ZodError)) throw error;
        result = rejected(
          mutation.id,
          await app.changes.current(),
          stemlineMessages.invalidRequest,
        );
      }
      await mutationLog.settle(mutation.id, result);
      return { result, touched };
    })();

  const applyBatch = (customerKey: string, clientId: string, mutations: Mutation[]) =>
    app.transactional(async () => {
      const outcomes: Awaited<ReturnType<typeof applyOne>>[] = [];
      for (const mutation of mutations) {
        try {
          outcomes.push(await applyOne(customerKey, clientId, mutation));
        } catch (failure) {
          // PostgreSQL broke a deadlock between two nodes by aborting this batch: the engine
          // runs the whole batch again.
          if (isTransactionAbort(failure)) throw failure;
          // An unexpected error (a bug, a full disk): its savepoint is already rolled back.
          // Keep what the mutations before it did, and let the client retry from this one.
          return { outcomes, failure: asError(failure) };
        }
      }
      return { outcomes, failure: undefined };
    })();

  return async function push(
    customerKey: string,
    clientId: string,
    mutations: Mutation[],
  ): Promise<MutationResult[]> {
    const { outcomes, failure } = await applyBatch(customerKey, clientId, mutations);
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
