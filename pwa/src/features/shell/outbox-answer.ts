import { useEffect, useState } from 'react';
import type { AccountDb } from '../../storage/account-db';
import { syncStatusStore } from '../../sync/sync-status';
import { closeToast, showToast, type ToastVariant } from '../../ui';

/**
 * How a queued change stands: `waiting` in the outbox, kept only on this device; `accepted` by
 * the server (applied, or applied and already pruned from the outbox); `refused` by it.
 */
export type OutboxAnswer = 'waiting' | 'accepted' | 'refused';

/**
 * Calls `onAnswer` with the standing of outbox entry `id` now and at each change, until it is
 * accepted or refused. Returns a function that stops watching.
 */
export function watchOutboxAnswer(
  db: AccountDb,
  id: string,
  onAnswer: (answer: OutboxAnswer) => void,
): () => void {
  const subscription = db.mutations.findOne(id).$.subscribe((doc) => {
    // Gone while still watched (never seen refused): applied, then pruned once pulled.
    const answer: OutboxAnswer =
      doc?.status === 'pending' ? 'waiting' : doc?.status === 'rejected' ? 'refused' : 'accepted';
    onAnswer(answer);
    if (answer !== 'waiting') queueMicrotask(() => subscription.unsubscribe());
  });
  return () => subscription.unsubscribe();
}

/** Outbox entries whose answer a screen now shows in its own words, with how many screens. */
const onScreen = new Map<string, number>();

/**
 * Marks entry `id`'s answer as shown by a screen until the returned function is called: its
 * toasts (`tellWhenAnswered`) would only repeat the screen, over the top of it on a phone.
 */
export function showAnswerOnScreen(id: string): () => void {
  onScreen.set(id, (onScreen.get(id) ?? 0) + 1);
  return () => {
    const count = (onScreen.get(id) ?? 1) - 1;
    if (count > 0) onScreen.set(id, count);
    else onScreen.delete(id);
  };
}

/**
 * The standing of outbox entry `id` (none without one), for a screen to word: while the screen
 * is shown, the entry's toasts are not (`showAnswerOnScreen`).
 */
export function useOutboxAnswer(db: AccountDb | null, id: string | null): OutboxAnswer | null {
  const [answer, setAnswer] = useState<{ id: string; answer: OutboxAnswer } | null>(null);
  useEffect(() => {
    if (!db || !id) return;
    const stopWatching = watchOutboxAnswer(db, id, (next) => setAnswer({ id, answer: next }));
    const leaveScreen = showAnswerOnScreen(id);
    return () => {
      stopWatching();
      leaveScreen();
    };
  }, [db, id]);
  if (!id) return null;
  // Until the first read, the change is only known to have been queued.
  return answer?.id === id ? answer.answer : 'waiting';
}

interface Told {
  title: string;
  description?: string;
  variant: ToastVariant;
}

/**
 * Tells the buyer what became of a queued change, honestly: `accepted` once the server has
 * accepted it; `waiting`, if given, while it can only wait on this device (the server cannot be
 * reached), closed when it is answered. A refusal is told by its screen and the header, not here;
 * nor is anything while a screen shows this entry's answer itself (`useOutboxAnswer`).
 */
export function tellWhenAnswered(
  db: AccountDb,
  id: string,
  { accepted, waiting }: { accepted: Told; waiting?: Told },
): void {
  let waitingToast: string | undefined;
  let answered = false;
  let stopStatus = (): void => undefined;
  const tellWaiting = (): void => {
    if (!waiting || answered || waitingToast !== undefined) return;
    if (syncStatusStore.get().reachable || onScreen.has(id)) return;
    waitingToast = showToast(waiting);
  };
  watchOutboxAnswer(db, id, (answer) => {
    if (answer === 'waiting') return tellWaiting();
    answered = true;
    stopStatus();
    if (waitingToast !== undefined) closeToast(waitingToast);
    if (answer === 'accepted' && !onScreen.has(id)) showToast(accepted);
  });
  // Online when queued, the server may still turn out to be unreachable: told when it does.
  if (!answered) stopStatus = syncStatusStore.subscribe(tellWaiting);
}
