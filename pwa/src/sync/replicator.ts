import {
  MAX_PUSH_BATCH,
  SYNCED_COLLECTIONS,
  type PullAnswer,
  type PushAnswer,
  type SyncedCollection,
} from '@stemline/shared';
import { apiRequest } from '../api/client';
import type { AccountDb } from '../data/account-db';

/** A failure worth retrying later: the network, or the server's own trouble (5xx). */
export class RetryableSyncError extends Error {}

/**
 * Pulls one collection from its checkpoint until the server has nothing newer. Documents are
 * written before the checkpoint moves, so a crash in between only repeats harmless work.
 */
export async function pullCollection(db: AccountDb, collection: SyncedCollection): Promise<void> {
  const state = await db.sync_state.findOne(collection).exec();
  let checkpoint = state?.checkpoint ?? 0;
  for (;;) {
    const answer = await apiRequest<PullAnswer>(`/api/sync/pull/${collection}`, {
      query: { checkpoint, limit: 500 },
    });
    if (!answer.success) throw new RetryableSyncError(answer.error);
    const { documents } = answer.data;
    const live = documents
      .filter((doc) => !doc._deleted)
      .map(({ _deleted: _ignored, ...doc }) => doc);
    const removed = documents.filter((doc) => doc._deleted).map((doc) => doc.key);
    const target: AccountDb['cart_lines'] = db[collection] as AccountDb['cart_lines'];
    if (live.length > 0) await target.bulkUpsert(live);
    if (removed.length > 0) await target.bulkRemove(removed);
    checkpoint = answer.data.checkpoint;
    await db.sync_state.upsert({ id: collection, checkpoint });
    if (!answer.data.hasMore) return;
  }
}

export async function pullAll(db: AccountDb): Promise<void> {
  for (const collection of SYNCED_COLLECTIONS) await pullCollection(db, collection);
}

/**
 * Pushes the oldest pending mutations and records each result on its outbox entry. Returns
 * whether more are waiting. A rejection is recorded like any result; only the network and 5xx
 * answers are retried. A batch the server refuses as malformed marks its entries rejected with
 * the server's message, so nothing is dropped without the buyer seeing it.
 */
export async function pushPending(db: AccountDb, clientId: string): Promise<boolean> {
  const pending = await db.mutations
    .find({ selector: { status: 'pending' }, sort: [{ createdAt: 'asc' }], limit: MAX_PUSH_BATCH })
    .exec();
  if (pending.length === 0) return false;
  const answer = await apiRequest<PushAnswer>('/api/sync/push', {
    method: 'POST',
    body: {
      clientId,
      mutations: pending.map((doc) => ({
        id: doc.id,
        clientId: doc.clientId,
        name: doc.name,
        args: doc.args,
        createdAt: doc.createdAt,
      })),
    },
  });
  if (!answer.success) {
    if (answer.offline || answer.status >= 500 || answer.status === 401)
      throw new RetryableSyncError(answer.error);
    await Promise.all(
      pending.map((doc) =>
        doc.incrementalPatch({ status: 'rejected', code: 'invalid_args', message: answer.error }),
      ),
    );
    return true;
  }
  const byId = new Map(answer.data.results.map((result) => [result.id, result]));
  await Promise.all(
    pending.flatMap((doc) => {
      const result = byId.get(doc.id);
      if (!result) return [];
      return doc.incrementalPatch(
        result.status === 'applied'
          ? {
              status: 'applied',
              appliedSeq: result.appliedSeq,
              ...(result.message ? { message: result.message } : {}),
            }
          : {
              status: 'rejected',
              appliedSeq: result.appliedSeq,
              code: result.code,
              message: result.message,
            },
      );
    }),
  );
  return pending.length === MAX_PUSH_BATCH;
}

/**
 * Forgets applied mutations whose effect every pulled collection now shows. What remains is
 * pending, recently applied, or carries a message (a partial fill, a rejection) the buyer has
 * not dismissed yet.
 */
export async function pruneApplied(db: AccountDb): Promise<void> {
  const states = await db.sync_state.find().exec();
  const lowest = Math.min(
    ...SYNCED_COLLECTIONS.map((c) => states.find((s) => s.id === c)?.checkpoint ?? 0),
  );
  await db.mutations
    .find({
      selector: { status: 'applied', appliedSeq: { $lte: lowest }, message: { $exists: false } },
    })
    .remove();
}
