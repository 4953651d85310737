import {
  addBoxesToLine,
  cartLineKey,
  checkoutMessages,
  decideAddToCart,
  eventMessages,
  stemlineMessages,
  unitsForBoxes,
  unitsPerBox,
  type AddToCartArgs,
  type CartLine,
  type RejectionCode,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createCatalogRepository } from '../catalog/catalog-repository';
import { createCampaignCheck } from '../events/campaign-check';
import { createCartRepository } from './cart-repository';
import { isDeliverable } from './deliverable-date';
import { createShipTo } from './ship-to';

export type AddToCartOutcome =
  | { status: 'applied'; line: CartLine; message: string | null; seq: number }
  | { status: 'rejected'; code: RejectionCode; message: string };

/**
 * The add-to-cart rule, the one function behind both `POST /api/cart_box/add_to_cart` and the
 * queued `add_to_cart` mutation. Call it inside a transaction: it reads the stock, decides with
 * the shared rule, takes the stock only if that much remains, and writes the line.
 */
export function createAddToCart(app: AppContext) {
  const catalog = createCatalogRepository(app.db);
  const cart = createCartRepository(app.db);
  const shipTo = createShipTo(app.db);
  const ownsCampaign = createCampaignCheck(app.db);

  return function addToCart(customerKey: string, args: AddToCartArgs): AddToCartOutcome {
    const notFound = {
      status: 'rejected',
      code: 'offer_not_found',
      message: stemlineMessages.offerNotFound,
    } as const;
    if (!isDeliverable(args.eta_date, app.now())) return notFound;
    if (!ownsCampaign(customerKey, args.campaign_recipient)) {
      return { status: 'rejected', code: 'not_found', message: eventMessages.eventNotFound };
    }

    const offer =
      args.inventory_key !== undefined
        ? catalog.offer(args.inventory_key)
        : catalog.findOffer(args.variety, args.grower, args.length, args.eta_date);
    if (
      !offer ||
      offer.variety_key !== args.variety ||
      offer.grower_key !== args.grower ||
      offer.eta_from > args.eta_date ||
      offer.eta_to < args.eta_date
    ) {
      return notFound;
    }
    const variety = catalog.variety(offer.variety_key);
    const grower = catalog.grower(offer.grower_key);
    if (!variety || !grower) return notFound;
    const address = args.address ? shipTo.resolve(customerKey, args.address) : null;
    if (address === undefined)
      return {
        status: 'rejected',
        code: 'address_required',
        message: checkoutMessages.addressNotFound,
      };

    const existing = cart.line(
      customerKey,
      cartLineKey(offer.inventory_key, args.eta_date, address?._KEY),
    );
    const decision = decideAddToCart({
      requestedBoxes: args.quantity,
      availableUnits: offer.available,
      unitsPerBox: unitsPerBox(offer),
      boxesInCart: existing?.boxes ?? 0,
    });
    if (decision.kind === 'rejected')
      return { status: 'rejected', code: decision.code, message: decision.message };

    const seq = app.changes.nextSeq();
    if (!catalog.takeStock(offer.inventory_key, unitsForBoxes(offer, decision.boxes), seq)) {
      // Unreachable with one writer; with several processes another one took the stock first.
      return { status: 'rejected', code: 'sold_out', message: stemlineMessages.soldOut };
    }
    const campaign = args.campaign_recipient ?? existing?.campaign_recipient;
    const line = {
      ...addBoxesToLine({
        existing,
        offer,
        variety,
        grower,
        etaDate: args.eta_date,
        boxes: decision.boxes,
        nowMs: app.now(),
        shipTo: address,
      }),
      ...(campaign ? { campaign_recipient: campaign } : {}),
    };
    cart.saveLine(customerKey, line, seq);
    return { status: 'applied', line, message: decision.message, seq };
  };
}
export type AddToCart = ReturnType<typeof createAddToCart>;
