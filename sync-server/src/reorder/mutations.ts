import type { AppContext } from '../app-context';
import type { FeatureMutations, HandlerOutcome } from '../kernel/mutation-handler';
import { createReorder } from './reorder';

/**
 * The queued re-order: the rule `/repurchase_products` runs, inside the push's transaction. The
 * answer's message says, item by item, what was not added as asked (sold out, fewer boxes, not
 * offered, gone) and which substitute is proposed; none when every item was added in full.
 */
export function createReorderMutations(app: AppContext): FeatureMutations<'reorder_products'> {
  const reorder = createReorder(app);
  return {
    reorder_products: async (customerKey, args): Promise<HandlerOutcome> => {
      const outcome = await reorder(customerKey, args);
      if (outcome.status === 'rejected') return outcome;
      const short = outcome.value.results.filter((result) => result.status !== 'added');
      const message =
        short.length === 0
          ? null
          : [...outcome.value.messages, ...short.flatMap((result) => result.messages)].join(' ');
      return { status: 'applied', message, touched: outcome.touched };
    },
  };
}
