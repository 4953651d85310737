import { useEffect, useRef } from 'react';
import { messages, stemlineMessages } from '@stemline/shared';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

/**
 * Toasts each server answer the buyer must read (a rejection, a partial fill) once per tab;
 * the cart keeps listing them (identical ones merged) until dismissed.
 */
export function MutationAnnouncer({ problems }: { problems: MutationDoc[] }) {
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
  }, [problems]);
  return null;
}
