import type { BoxChangeResult } from '@stemline/shared';
import type { AppContext } from '../app-context';
import {
  handlerOutcome,
  type FeatureMutations,
  type HandlerOutcome,
} from '../kernel/mutation-handler';
import { createAddToCart } from './add-to-cart';
import { createBoxChanges } from './box-changes';
import { createCustomBoxes } from './custom-boxes';

type CartMutation =
  | 'add_to_cart'
  | 'execute_box_changes'
  | 'delete_boxes'
  | 'upsert_custom_box'
  | 'remove_from_box'
  | 'close_box'
  | 'open_box';

/** The queued mutations of cart lines and custom boxes, each the function its REST call runs. */
export function createCartMutations(app: AppContext): FeatureMutations<CartMutation> {
  const addToCart = createAddToCart(app);
  const boxChanges = createBoxChanges(app);
  const customBoxes = createCustomBoxes(app);
  return {
    add_to_cart: async (customerKey, args) => handlerOutcome(await addToCart(customerKey, args)),
    execute_box_changes: async (customerKey, args) =>
      boxChangesOutcome(await boxChanges.execute(customerKey, args)),
    delete_boxes: async (customerKey, args) =>
      boxChangesOutcome(await boxChanges.deleteBoxes(customerKey, args)),
    upsert_custom_box: async (customerKey, args) =>
      handlerOutcome(await customBoxes.upsert(customerKey, args)),
    remove_from_box: async (customerKey, args) =>
      handlerOutcome(await customBoxes.removeItem(customerKey, args)),
    close_box: async (customerKey, args) =>
      handlerOutcome(await customBoxes.close(customerKey, args)),
    open_box: async (customerKey, args) =>
      handlerOutcome(await customBoxes.open(customerKey, args)),
  };
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
