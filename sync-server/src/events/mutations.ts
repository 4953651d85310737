import type { AppContext } from '../app-context';
import type { FeatureMutations, HandlerOutcome } from '../sync/mutation-handler';
import { createEventBook, type EventChange } from './event-book';

/** The queued mutations of events; the events come back through pull of `events`. */
export function createEventMutations(
  app: AppContext,
): FeatureMutations<'save_event' | 'delete_event' | 'assign_cart_line_event'> {
  const book = createEventBook(app);
  return {
    save_event: (customerKey, args) => eventOutcome(book.save(customerKey, args)),
    delete_event: (customerKey, args) => eventOutcome(book.remove(customerKey, args)),
    assign_cart_line_event: (customerKey, args) => eventOutcome(book.assignLine(customerKey, args)),
  };
}

/** An event change as a push result; the REST call answers its `result`. */
export function eventOutcome(change: EventChange<unknown>): HandlerOutcome {
  return change.status === 'applied'
    ? { status: 'applied', message: null, touched: change.touched }
    : { status: 'rejected', code: change.code, message: change.message };
}
