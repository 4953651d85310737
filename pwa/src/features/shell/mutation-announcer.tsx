import { useEffect, useRef } from 'react';
import { messages, stemlineMessages } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';
import { isConfirmationElsewhere } from '../cart/merge-problems';

/**
 * Toasts each server answer the buyer must read (a rejection, a partial fill) once per tab;
 * the cart keeps listing its own (identical ones merged) until dismissed.
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
      const toldAlready = told.has(outcome);
      told.add(outcome);
      if (isConfirmationElsewhere(problem)) {
        // Another screen's change the server took with a sentence of its own (a claim
        // submitted): told in its own words, not as the cart's, and then forgotten, so that
        // the cart does not list it and the next page does not tell it again.
        if (!toldAlready) showToast({ title: problem.message ?? '', variant: 'info' });
        void forgetMessage(db, problem.id);
        continue;
      }
      if (toldAlready) continue;
      const isAdd = problem.name === 'add_to_cart';
      showToast({
        title:
          problem.status === 'rejected'
            ? isAdd
              ? messages.addToCartError
              : stemlineMessages.cartUpdateFailed
            : isAdd
              ? messages.addToCartSuccess
              : stemlineMessages.cartUpdated,
        description: problem.message,
        variant: problem.status === 'rejected' ? 'error' : 'info',
      });
    }
  }, [problems, db]);
  return null;
}

/** Drops an answer's message once told: the outbox then forgets the change as any other. */
async function forgetMessage(db: AccountDb | null, id: string): Promise<void> {
  const doc = await db?.mutations.findOne(id).exec();
  await doc?.incrementalModify((data) => {
    delete data.message;
    return data;
  });
}
