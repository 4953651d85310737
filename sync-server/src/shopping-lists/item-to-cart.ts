import {
  boxesForItem,
  cartLineKey,
  formatCents,
  nearestAlternatives,
  pickOfferForItem,
  shoppingListMessages,
  type Grower,
  type Offer,
  type RunItemOutcome,
  type ShoppingListItem,
  type Variety,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createAddToCart } from '../cart/add-to-cart';
import { createShipTo } from '../cart/ship-to';

/** The catalogue of one delivery date, read once for every item of a run or a re-order. */
export interface DateCatalog {
  etaDate: number;
  offers: Offer[];
  varieties: ReadonlyMap<string, Variety>;
  growers: ReadonlyMap<string, Grower>;
}

export type WantedItem = Pick<
  ShoppingListItem,
  'key' | 'variety_key' | 'variety_name' | 'length' | 'quantity' | 'unit' | 'grower_key'
>;

/**
 * Puts one wanted item (a list item, a re-ordered line) in the cart through the cart's own add
 * rule (`createAddToCart`), and says what happened: added, partly added, sold out, not offered,
 * or no longer in the catalogue, each with the reason in the buyer's words. `alternatives`
 * decides whether the nearest offers are proposed for a shortfall. Call inside a transaction.
 */
export function createItemToCart(app: AppContext) {
  const addToCart = createAddToCart(app);
  const shipTo = createShipTo(app.repos.addresses);
  const { cart, catalog } = app.repos;

  return {
    async dateCatalog(etaDate: number): Promise<DateCatalog> {
      return {
        etaDate,
        offers: await catalog.offersForDate(etaDate),
        varieties: new Map((await catalog.varietiesForDate(etaDate)).map((v) => [v.key, v])),
        growers: new Map((await catalog.growers()).map((g) => [g.key, g])),
      };
    },

    async put(
      customerKey: string,
      item: WantedItem,
      day: DateCatalog,
      options: {
        address: string | null;
        lastPriceCents?: number | undefined;
        alternatives: boolean;
      },
    ): Promise<RunItemOutcome> {
      const variety = await catalog.variety(item.variety_key);
      const base = {
        item_key: item.key,
        variety_name: variety?.name ?? item.variety_name,
        requested_boxes: item.unit === 'box' ? item.quantity : 0,
        added_boxes: 0,
        cart_line_key: null,
        stem_price_cents: null,
        price_changed: false,
        messages: [] as string[],
        alternatives: [] as RunItemOutcome['alternatives'],
      };
      const alternatives = (exclude?: number) =>
        options.alternatives
          ? nearestAlternatives({
              item,
              variety,
              offers: day.offers,
              varieties: day.varieties,
              growers: day.growers,
              exclude,
            })
          : [];
      if (!variety) {
        return {
          ...base,
          status: 'product_gone',
          messages: [shoppingListMessages.productGone(item.variety_name || item.variety_key)],
        };
      }
      const offer = pickOfferForItem(item, day.offers);
      if (!offer) {
        const grower = item.grower_key === null ? undefined : day.growers.get(item.grower_key);
        return {
          ...base,
          status: 'not_offered',
          messages: [
            grower
              ? shoppingListMessages.notOfferedByGrower(
                  variety.name,
                  item.length,
                  grower.grower_name,
                )
              : shoppingListMessages.notOffered(variety.name, item.length),
          ],
          alternatives: alternatives(),
        };
      }
      const boxes = boxesForItem(item, offer);
      const messages =
        item.unit === 'bunch' ? [shoppingListMessages.roundedToBoxes(item.quantity, boxes)] : [];
      const was = options.lastPriceCents;
      const priceChanged = was !== undefined && was !== offer.stem_price_cents;
      if (priceChanged)
        messages.push(
          shoppingListMessages.priceChanged(
            variety.name,
            formatCents(was),
            formatCents(offer.stem_price_cents),
          ),
        );
      // The line this add lands on is the one for the run's address (cart lines are kept per
      // address), so "fewer left" counts only the boxes this run put on it.
      const shipsTo = options.address ? await shipTo.resolve(customerKey, options.address) : null;
      const lineKey = cartLineKey(offer.inventory_key, day.etaDate, shipsTo?._KEY);
      const before = (await cart.line(customerKey, lineKey))?.boxes;
      const added = await addToCart(customerKey, {
        variety: offer.variety_key,
        grower: offer.grower_key,
        length: offer.length,
        eta_date: day.etaDate,
        quantity: boxes,
        inventory_key: offer.inventory_key,
        address: options.address,
      });
      const common = {
        ...base,
        requested_boxes: boxes,
        stem_price_cents: offer.stem_price_cents,
        price_changed: priceChanged,
      };
      if (added.status === 'rejected') {
        return {
          ...common,
          status: added.code === 'sold_out' ? 'sold_out' : 'not_offered',
          messages: [
            ...messages,
            added.code === 'sold_out' ? shoppingListMessages.soldOut(variety.name) : added.message,
          ],
          alternatives: alternatives(offer.inventory_key),
        };
      }
      const got = added.value.boxes - (before ?? 0);
      if (got < boxes) {
        return {
          ...common,
          status: 'partial',
          added_boxes: got,
          cart_line_key: added.value.key,
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
        cart_line_key: added.value.key,
        messages,
      };
    },
  };
}
