import {
  checkoutMessages,
  shoppingListMessages,
  type RepurchaseAnswer,
  type RepurchaseRequest,
  type RunItemOutcome,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createDeliverableDates } from '../cart/deliverable-date';
import { createShipTo } from '../cart/ship-to';
import { applied, rejected, type Outcome } from '../kernel/outcome';
import { createItemToCart } from '../shopping-lists/item-to-cart';

/**
 * `/repurchase_products`: puts a past order's lines (spec §3 re-order items) back in the cart for
 * a new delivery date through the cart's own add rule. Items not available are counted and
 * flagged, and so is a product that no longer exists (spec §8). Only for an item whose
 * `substitute` is true does the answer propose the nearest available offer (the same variety
 * from another farm, else the same group, colour and length), saying so; a substitute is never
 * added by itself. A delivery address not in the customer's book refuses the whole re-order.
 * Call inside a transaction.
 */
/** What a re-order did, its outcomes' prices in cents (the spec's answer gives dollars). */
export type Reordered = Omit<RepurchaseAnswer, 'results'> & { results: RunItemOutcome[] };

export function createReorder(app: AppContext) {
  const itemToCart = createItemToCart(app);
  const deliverable = createDeliverableDates(app);
  const shipTo = createShipTo(app.repos.addresses);

  return async function reorder(
    customerKey: string,
    request: RepurchaseRequest,
  ): Promise<Outcome<Reordered>> {
    if (!(await deliverable.isDeliverable(request.eta_date)))
      return rejected('invalid_args', shoppingListMessages.dateNotDeliverable);
    // Every item ships there: an address not in the book refuses the run, saying so, rather than
    // counting each item as not available.
    if (request.address && !(await shipTo.resolve(customerKey, request.address)))
      return rejected('address_required', checkoutMessages.addressNotFound);
    const day = await itemToCart.dateCatalog(request.eta_date);
    const results: RunItemOutcome[] = [];
    for (const [index, item] of request.items.entries()) {
      const outcome = await itemToCart.put(
        customerKey,
        {
          key: item.repurchase_cartbox_item ?? `line-${index + 1}`,
          variety_key: item.variety,
          variety_name: '',
          length: item.length,
          quantity: item.quantity,
          unit: 'box',
          grower_key: item.grower,
        },
        day,
        { address: request.address ?? null, alternatives: item.substitute },
      );
      const proposal = outcome.alternatives[0];
      if (outcome.status === 'added' || !proposal) {
        results.push(outcome);
        continue;
      }
      results.push({
        ...outcome,
        messages: [
          ...outcome.messages,
          shoppingListMessages.reorderSubstituteProposed(
            outcome.variety_name,
            `${proposal.variety_name} ${proposal.length} cm from ${proposal.grower_name}`,
          ),
        ],
      });
    }
    const missing = results.filter((r) => r.status === 'product_gone').length;
    const unavailable = results.filter(
      (r) => r.status !== 'added' && r.status !== 'product_gone',
    ).length;
    const added = results.filter((r) => r.added_boxes > 0).length;
    const messages = [
      ...(added > 0 ? [shoppingListMessages.reorderAdded(added)] : []),
      ...(unavailable > 0 ? [shoppingListMessages.reorderUnavailable(unavailable)] : []),
      ...(missing > 0 ? [shoppingListMessages.reorderMissing(missing)] : []),
    ];
    return applied(
      { success: true, added, unavailable, missing, messages, results },
      added > 0 ? ['cart_lines'] : [],
      messages.join(' '),
    );
  };
}
