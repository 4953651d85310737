import { useEffect, useRef } from 'react';
import { messages, stemlineMessages } from '@stemline/shared';
import type { MutationDoc } from '../../storage/account-schemas';
import { showToast } from '../../ui';

/**
 * Toasts each server answer the buyer must read (a rejection, a partial fill) once per tab;
 * the cart keeps listing them until dismissed.
 */
export function MutationAnnouncer({ problems }: { problems: MutationDoc[] }) {
  const announced = useRef(new Set<string>());
  useEffect(() => {
    for (const problem of problems) {
      if (announced.current.has(problem.id)) continue;
      announced.current.add(problem.id);
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
