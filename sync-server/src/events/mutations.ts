import type { AppContext } from '../app-context';
import { handlerOutcome, type FeatureMutations } from '../kernel/mutation-handler';
import { createEventBook } from './event-book';

/** The queued mutations of events; the events come back through pull of `events`. */
export function createEventMutations(
  app: AppContext,
): FeatureMutations<'save_event' | 'delete_event' | 'assign_cart_line_event'> {
  const book = createEventBook(app);
  return {
    save_event: async (customerKey, args) => handlerOutcome(await book.save(customerKey, args)),
    delete_event: async (customerKey, args) => handlerOutcome(await book.remove(customerKey, args)),
    assign_cart_line_event: async (customerKey, args) =>
      handlerOutcome(await book.assignLine(customerKey, args)),
  };
}
