import {
  addBoxesToLine,
  boxesOfOption,
  cartLineKey,
  checkoutMessages,
  decideAddToCart,
  deliveryMessages,
  eventMessages,
  stemlineMessages,
  unitsForBoxes,
  unitsPerBox,
  type AddToCartArgs,
  type CartLine,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';
import { createCampaignCheck } from './campaign-check';
import { applied, type Outcome } from '../kernel/outcome';
import { createDeliverableDates } from './deliverable-date';
import { createShipTo } from './ship-to';
import { createUnconfirmedHolds } from './unconfirmed-holds';

/** The line as it now stands in the cart, or why nothing was added. */
export type AddToCartOutcome = Outcome<CartLine>;

/**
 * The add-to-cart rule, the one function behind both `POST /api/cart_box/add_to_cart` and the
 * queued `add_to_cart` mutation. Call it inside a transaction: it reads the stock, decides with
 * the shared rule, takes the stock only if that much remains, and writes the line.
 */
export function createAddToCart(app: AppContext) {
  const { catalog, cart } = app.repos;
  const shipTo = createShipTo(app.repos.addresses);
  const ownsCampaign = createCampaignCheck(app.repos.events);
  const deliverable = createDeliverableDates(app);
  const unconfirmed = createUnconfirmedHolds(app);

  return async function addToCart(
    customerKey: string,
    args: AddToCartArgs,
  ): Promise<AddToCartOutcome> {
    const notFound = {
      status: 'rejected',
      code: 'offer_not_found',
      message: stemlineMessages.offerNotFound,
    } as const;
    if (!(await deliverable.isDeliverable(args.eta_date)))
      return {
        status: 'rejected',
        code: 'invalid_args',
        message: deliveryMessages.dateNotSelectable,
      };
    // The cart line is read before the stock is taken: on several nodes, one customer's cart
    // changes run one at a time (db/key-lock.ts), or two adds would both start from one count.
    await lockKey(app.engine, customerLockKey(customerKey));
    if (!(await ownsCampaign(customerKey, args.campaign_recipient))) {
      return { status: 'rejected', code: 'not_found', message: eventMessages.eventNotFound };
    }

    const offer =
      args.inventory_key !== undefined
        ? await catalog.offer(args.inventory_key)
        : await catalog.findOffer(args.variety, args.grower, args.length, args.eta_date);
    if (
      !offer ||
      offer.variety_key !== args.variety ||
      offer.grower_key !== args.grower ||
      offer.eta_from > args.eta_date ||
      offer.eta_to < args.eta_date
    ) {
      return notFound;
    }
    const variety = await catalog.variety(offer.variety_key);
    const grower = await catalog.grower(offer.grower_key);
    if (!variety || !grower) return notFound;
    const address = args.address ? await shipTo.resolve(customerKey, args.address) : null;
    if (address === undefined)
      return {
        status: 'rejected',
        code: 'address_required',
        message: checkoutMessages.addressNotFound,
      };
    // A line without an address ships to the one chosen now (or the main one) at checkout.
    const outside = await deliverable.outsideArea(
      customerKey,
      args.eta_date,
      address ?? (await shipTo.selected(customerKey)),
    );
    if (outside) return { status: 'rejected', code: 'invalid_args', message: outside };

    const lineKey = cartLineKey(offer.inventory_key, args.eta_date, address?._KEY);
    const lines = await cart.lines(customerKey);
    const existing = lines.find((line) => line.key === lineKey);
    const decision = decideAddToCart({
      requestedBoxes: args.quantity,
      availableUnits: offer.available,
      unitsPerBox: unitsPerBox(offer),
      boxesInCart: boxesOfOption(lines, offer.inventory_key, args.eta_date),
    });
    if (decision.kind === 'rejected')
      return { status: 'rejected', code: decision.code, message: decision.message };

    const seq = await app.changes.next();
    if (
      !(await catalog.takeStock(offer.inventory_key, unitsForBoxes(offer, decision.boxes), seq))
    ) {
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
        holdEveryLine: await unconfirmed.holdsEveryLine(customerKey),
      }),
      ...(campaign ? { campaign_recipient: campaign } : {}),
    };
    await cart.saveLine(customerKey, line, seq);
    return applied(line, ['cart_lines'], decision.message);
  };
}
export type AddToCart = ReturnType<typeof createAddToCart>;
