import { useEffect, useRef } from 'react';
import { messages, mutationSubject, stemlineMessages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';
import { tellingOf, TOLD_AS_THEIR_OWN, type Telling } from './outside-cart-answers';

/**
 * Toasts each server answer the buyer must read, once per tab. The cart's own (a rejection, a
 * partial fill) are worded as the cart's, and the cart keeps listing them (identical ones
 * merged) until dismissed. Every other screen's answers are told about that screen, in the
 * words of `tellingOf`; addresses and shopping lists have announcers of their own.
 */
export function MutationAnnouncer({
  problems,
  db,
}: {
  problems: MutationDoc[];
  db: AccountDb | null;
}) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    // One toast per outcome: answers arriving together that read the same are told once.
    const told = new Set<string>();
    for (const problem of problems) {
      if (announced.current.has(problem.id)) continue;
      announced.current.add(problem.id);
      const outcome = JSON.stringify([problem.status, problem.name, problem.message]);
      if (told.has(outcome)) continue;
      told.add(outcome);
      showToast({
        title:
          problem.status === 'rejected'
            ? mutationSubject(problem.name).refused
            : problem.name === 'add_to_cart'
              ? messages.addToCartSuccess
              : stemlineMessages.cartUpdated,
        description: problem.message,
        variant: problem.status === 'rejected' ? 'error' : 'info',
      });
    }
  }, [problems]);
  useOutsideCartAnswers(db);
  return null;
}

/** Tells the answers to changes outside the cart, as `tellingOf` says, while `db` is open. */
function useOutsideCartAnswers(db: AccountDb | null): void {
  useEffect(() => {
    if (!db) return;
    const seenPending = new Set<string>();
    const announced = new Set<string>();
    // The entries each open toast stands for, removed from the outbox when it is closed.
    const removeOnClose = new Map<string, string[]>();
    const subscription = db.mutations
      .find({ selector: { name: { $in: [...TOLD_AS_THEIR_OWN] } }, sort: [{ createdAt: 'asc' }] })
      .$.subscribe((docs) => {
        const told = new Map<string, string>();
        for (const doc of docs) {
          if (doc.status === 'pending') {
            seenPending.add(doc.id);
            continue;
          }
          if (announced.has(doc.id)) continue;
          const telling = tellingOf(doc, seenPending.has(doc.id));
          announced.add(doc.id);
          if (!telling) continue;
          const outcome = JSON.stringify([telling.title, telling.description]);
          const toastKey = told.get(outcome) ?? toast(telling, removeOnClose, db);
          told.set(outcome, toastKey);
          if (telling.afterwards === 'drop-message') void forgetMessage(db, doc.id);
          if (telling.afterwards === 'remove-when-closed')
            removeOnClose.get(toastKey)?.push(doc.id);
        }
      });
    return () => subscription.unsubscribe();
  }, [db]);
}

/** Shows `telling`'s toast (or finds the same one on screen) and returns its key. */
function toast(telling: Telling, removeOnClose: Map<string, string[]>, db: AccountDb): string {
  const sticky = telling.afterwards === 'remove-when-closed';
  const key = showToast({
    title: telling.title,
    description: telling.description,
    variant: telling.variant,
    ...(sticky && {
      timeout: 0,
      onClose: () => {
        void db.mutations.bulkRemove(removeOnClose.get(key) ?? []);
        removeOnClose.delete(key);
      },
    }),
  });
  if (sticky && !removeOnClose.has(key)) removeOnClose.set(key, []);
  return key;
}

/** Drops an answer's message once told: the outbox then forgets the change as any other. */
async function forgetMessage(db: AccountDb, id: string): Promise<void> {
  const doc = await db.mutations.findOne(id).exec();
  await doc?.incrementalModify((data) => {
    delete data.message;
    return data;
  });
}
