import {
  boxesForItem,
  cartLineKey,
  formatUsd,
  nearestAlternatives,
  pickOfferForItem,
  shoppingListMessages,
  type Grower,
  type RunItemOutcome,
  type RunShoppingListArgs,
  type ShoppingListItem,
  type ShoppingListRun,
  type Variety,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createAddToCart } from '../cart/add-to-cart';
import { createCartRepository } from '../cart/cart-repository';
import { isDeliverable } from '../cart/deliverable-date';
import { createCatalogRepository } from '../catalog/catalog-repository';
import { applied, rejected, type Outcome } from '../checkout/outcome';
import { createShoppingLists } from './shopping-lists';

/**
 * Runs a list for a delivery date and address: each item goes through the cart's own add rule
 * (`createAddToCart`, the one behind add_to_cart), and the answer says, item by item, what was
 * added and why anything was not added in full, with the nearest offers to take instead. The
 * run is kept on the list (`last_run`), so a device that queued it offline reads the answer
 * after its next pull. Call inside a transaction.
 */
export function createRunList(app: AppContext) {
  const shoppingLists = createShoppingLists(app);
  const addToCart = createAddToCart(app);
  const cart = createCartRepository(app.db);
  const catalog = createCatalogRepository(app.db);

  return function runList(
    customerKey: string,
    args: RunShoppingListArgs,
  ): Outcome<ShoppingListRun> {
    const list = shoppingLists.get(customerKey, args.list_key);
    if (!list) return rejected('not_found', shoppingListMessages.listNotFound);
    if (!isDeliverable(args.eta_date, app.now()))
      return rejected('invalid_args', shoppingListMessages.dateNotDeliverable);
    if (list.items.length === 0) return rejected('cart_empty', shoppingListMessages.emptyList);

    const offers = catalog.offersForDate(args.eta_date);
    const varieties = new Map<string, Variety>(
      catalog.varietiesForDate(args.eta_date).map((variety) => [variety.key, variety]),
    );
    const growers = new Map<string, Grower>(catalog.growers().map((g) => [g.key, g]));
    const lastPrices: Record<string, number> = { ...list.last_prices };
    let cartTouched = false;

    const outcomes = list.items.map((item): RunItemOutcome => {
      const variety = catalog.variety(item.variety_key);
      const base = {
        item_key: item.key,
        variety_name: variety?.name ?? item.variety_name,
        requested_boxes: item.unit === 'box' ? item.quantity : 0,
        added_boxes: 0,
        cart_line_key: null,
        stem_price: null,
        price_changed: false,
        messages: [] as string[],
        alternatives: [] as RunItemOutcome['alternatives'],
      };
      const alternatives = (exclude?: number) =>
        nearestAlternatives({ item, variety, offers, varieties, growers, exclude });
      if (!variety) {
        return {
          ...base,
          status: 'product_gone',
          messages: [shoppingListMessages.productGone(item.variety_name)],
        };
      }
      const offer = pickOfferForItem(item, offers);
      if (!offer) {
        return {
          ...base,
          status: 'not_offered',
          messages: [notOfferedMessage(item, variety, growers)],
          alternatives: alternatives(),
        };
      }
      const boxes = boxesForItem(item, offer);
      const messages =
        item.unit === 'bunch' ? [shoppingListMessages.roundedToBoxes(item.quantity, boxes)] : [];
      const was = lastPrices[item.key];
      const priceChanged = was !== undefined && was !== offer.stem_price;
      if (priceChanged)
        messages.push(
          shoppingListMessages.priceChanged(
            variety.name,
            formatUsd(was),
            formatUsd(offer.stem_price),
          ),
        );
      lastPrices[item.key] = offer.stem_price;
      const lineKey = cartLineKey(offer.inventory_key, args.eta_date);
      const before = cart.line(customerKey, lineKey)?.boxes ?? 0;
      const added = addToCart(customerKey, {
        variety: offer.variety_key,
        grower: offer.grower_key,
        length: offer.length,
        eta_date: args.eta_date,
        quantity: boxes,
        inventory_key: offer.inventory_key,
        address: args.address ?? null,
      });
      const common = {
        ...base,
        requested_boxes: boxes,
        stem_price: offer.stem_price,
        price_changed: priceChanged,
      };
      if (added.status === 'rejected') {
        const status = added.code === 'sold_out' ? 'sold_out' : 'not_offered';
        const reason =
          added.code === 'sold_out' ? shoppingListMessages.soldOut(variety.name) : added.message;
        return {
          ...common,
          status,
          messages: [...messages, reason],
          alternatives: alternatives(offer.inventory_key),
        };
      }
      cartTouched = true;
      const got = added.line.boxes - before;
      if (got < boxes) {
        return {
          ...common,
          status: 'partial',
          added_boxes: got,
          cart_line_key: added.line.key,
          messages: [
            ...messages,
            added.message ?? shoppingListMessages.fewerLeft(variety.name, got, boxes),
          ],
          alternatives: alternatives(offer.inventory_key),
        };
      }
      return {
        ...common,
        status: 'added',
        added_boxes: got,
        cart_line_key: added.line.key,
        messages,
      };
    });

    const run: ShoppingListRun = {
      eta_date: args.eta_date,
      address: args.address ?? null,
      ran_at: app.now(),
      outcomes,
    };
    shoppingLists.saveRun(customerKey, { ...list, last_run: run, last_prices: lastPrices });
    const short = outcomes.filter((o) => o.status !== 'added').length;
    const message =
      short === 0
        ? shoppingListMessages.runAllAdded(outcomes.length)
        : shoppingListMessages.runShort(short, outcomes.length);
    return applied(
      run,
      cartTouched ? ['shopping_lists', 'cart_lines'] : ['shopping_lists'],
      message,
    );
  };
}

function notOfferedMessage(
  item: ShoppingListItem,
  variety: Variety,
  growers: ReadonlyMap<string, Grower>,
): string {
  const grower = item.grower_key === null ? undefined : growers.get(item.grower_key);
  return grower
    ? shoppingListMessages.notOfferedByGrower(variety.name, item.length, grower.grower_name)
    : shoppingListMessages.notOffered(variety.name, item.length);
}
