import { MAX_PUSH_BATCH } from '@stemline/shared';
import type { AccountDb } from '../storage/account-db';
import { unwrittenMutations } from '../sync/outbox';
import { pushPending } from '../sync/replicator';
import { clientId } from './client-id';

/**
 * How many changes made on this device the server has not had yet: the outbox's pending
 * intents, and the intents handed over whose outbox write is still under way.
 */
export async function countUnsent(db: AccountDb): Promise<number> {
  const pending = await db.mutations.count({ selector: { status: 'pending' } }).exec();
  const handedOver = unwrittenMutations(db).map((entry) => entry.id);
  if (handedOver.length === 0) return pending;
  const stored = await db.mutations.findByIds(handedOver).exec();
  return pending + handedOver.filter((id) => !stored.has(id)).length;
}

/**
 * Pushes the outbox now, batch after batch as the sync engine does (without waiting out its
 * back-off), for at most `waitMs`, and resolves to how many changes are still unsent. A push the
 * network or the server refuses ends the attempt; the server applies a mutation id once, so a
 * push racing the engine's own is harmless.
 */
export async function sendUnsent(db: AccountDb, waitMs: number): Promise<number> {
  let timedOut = false;
  const pushing = (async () => {
    let batchSize = MAX_PUSH_BATCH;
    while (!timedOut) {
      const outcome = await pushPending(db, clientId(), batchSize);
      if (!outcome.more) return;
      batchSize = outcome.batchSize;
    }
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    pushing,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  timedOut = true;
  clearTimeout(timer);
  return countUnsent(db);
}
