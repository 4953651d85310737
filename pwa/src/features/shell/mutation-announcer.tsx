import { useEffect, useRef } from 'react';
import { messages } from '@stemline/shared';
import type { MutationDoc } from '../../data/account-schemas';
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
      showToast({
        title: problem.status === 'rejected' ? messages.addToCartError : messages.addToCartSuccess,
        description: problem.message,
        variant: problem.status === 'rejected' ? 'error' : 'info',
      });
    }
  }, [problems]);
  return null;
}
