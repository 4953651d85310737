import {
  mutationArgsSchemas,
  type MutationName,
  type RejectionCode,
  type BoxChangeResult,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createAddToCart } from '../cart/add-to-cart';
import { createCheckoutMutationHandlers } from '../checkout/mutation-handlers';
import { createBoxChanges } from '../cart/box-changes';
import { createCustomBoxes, type CustomBoxOutcome } from '../cart/custom-boxes';
import { createDismissNotices } from '../notices/dismiss-notices';
import { createAddressBook, type CustomerChange } from '../customers/address-book';
import { createPreferencesUpdate } from '../customers/preferences';

export type HandlerOutcome =
  | { status: 'applied'; message: string | null; touched: SyncedCollection[] }
  | { status: 'rejected'; code: RejectionCode; message: string };

type Handler = (customerKey: string, args: unknown) => HandlerOutcome;

/**
 * One handler per mutation name, each the same server function its REST call runs. Handlers
 * run inside the push transaction and parse their args with the shared schema.
 */
export function createMutationHandlers(app: AppContext): Record<MutationName, Handler> {
  const addToCart = createAddToCart(app);
  const boxChanges = createBoxChanges(app);
  const dismissNotices = createDismissNotices(app);
  const addressBook = createAddressBook(app);
  const updatePreferences = createPreferencesUpdate(app);
  const customBoxes = createCustomBoxes(app);
  return {
    ...createCheckoutMutationHandlers(app),
    add_to_cart(customerKey, rawArgs) {
      const args = mutationArgsSchemas.add_to_cart.parse(rawArgs);
      const outcome = addToCart(customerKey, args);
      return outcome.status === 'applied'
        ? { status: 'applied', message: outcome.message, touched: ['cart_lines'] }
        : outcome;
    },
    execute_box_changes(customerKey, rawArgs) {
      const results = boxChanges.execute(
        customerKey,
        mutationArgsSchemas.execute_box_changes.parse(rawArgs),
      );
      return boxChangesOutcome(results);
    },
    upsert_custom_box: (customerKey, rawArgs) =>
      customBoxOutcome(
        customBoxes.upsert(customerKey, mutationArgsSchemas.upsert_custom_box.parse(rawArgs)),
      ),
    remove_from_box: (customerKey, rawArgs) =>
      customBoxOutcome(
        customBoxes.removeItem(customerKey, mutationArgsSchemas.remove_from_box.parse(rawArgs)),
      ),
    close_box: (customerKey, rawArgs) =>
      customBoxOutcome(
        customBoxes.close(customerKey, mutationArgsSchemas.close_box.parse(rawArgs)),
      ),
    open_box: (customerKey, rawArgs) =>
      customBoxOutcome(customBoxes.open(customerKey, mutationArgsSchemas.open_box.parse(rawArgs))),
    dismiss_notices(customerKey, rawArgs) {
      dismissNotices(customerKey, mutationArgsSchemas.dismiss_notices.parse(rawArgs));
      return { status: 'applied', message: null, touched: ['notices'] };
    },
    delete_boxes(customerKey, rawArgs) {
      const results = boxChanges.deleteBoxes(
        customerKey,
        mutationArgsSchemas.delete_boxes.parse(rawArgs),
      );
      return boxChangesOutcome(results);
    },
    customer_address(customerKey, rawArgs) {
      const args = mutationArgsSchemas.customer_address.parse(rawArgs);
      return customerChangeOutcome(addressBook.save(customerKey, args));
    },
    delete_address(customerKey, rawArgs) {
      const args = mutationArgsSchemas.delete_address.parse(rawArgs);
      return customerChangeOutcome(addressBook.remove(customerKey, args));
    },
    update_preferences(customerKey, rawArgs) {
      const args = mutationArgsSchemas.update_preferences.parse(rawArgs);
      return customerChangeOutcome(updatePreferences(customerKey, args));
    },
  };
}

function customBoxOutcome(outcome: CustomBoxOutcome): HandlerOutcome {
  return outcome.status === 'applied'
    ? { status: 'applied', message: outcome.message, touched: ['custom_boxes'] }
    : outcome;
}

/** A batch of line changes is applied when any part applied; the messages say what did not. */
function boxChangesOutcome(results: BoxChangeResult[]): HandlerOutcome {
  const messages = results
    .map((result) => result.message)
    .filter((message): message is string => Boolean(message));
  if (results.every((result) => result.status === 'rejected')) {
    return {
      status: 'rejected',
      code: 'offer_not_found',
      message: messages.join(' ') || 'Nothing changed.',
    };
  }
  return {
    status: 'applied',
    message: messages.length > 0 ? messages.join(' ') : null,
    touched: ['cart_lines', 'custom_boxes'],
  };
}

/** An address or preference change as a push result; the REST call answers its `result`. */
function customerChangeOutcome(change: CustomerChange<unknown>): HandlerOutcome {
  return change.status === 'applied'
    ? { status: 'applied', message: null, touched: change.touched }
    : { status: 'rejected', code: change.code, message: change.message };
}
