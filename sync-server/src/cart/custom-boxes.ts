import {
  bunchesInStock,
  eventMessages,
  guestMessages,
  percentPerBunch,
  roundFillPercent,
  stemlineMessages,
  unitsPerBunch,
  type BoxKeyArgs,
  type CustomBox,
  type CustomBoxItem,
  type RemoveFromBoxArgs,
  type UpsertCustomBoxArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerLockKey, lockKey } from '../db/key-lock';
import { createCampaignCheck } from './campaign-check';
import { applied, rejected, type Outcome } from '../kernel/outcome';
import { createDeliverableDates } from './deliverable-date';
import { createUnconfirmedHolds } from './unconfirmed-holds';

/** The box as it now stands (null once its last bunch went), or why nothing changed. */
export type CustomBoxOutcome = Outcome<CustomBox | null>;

/** Every custom-box change answers the box and pokes `custom_boxes`. */
const boxApplied = (box: CustomBox | null, message: string | null): CustomBoxOutcome =>
  applied(box, ['custom_boxes'], message);

/**
 * Custom boxes: bunches of several price rows of one grower filling one box up to 100%. The one
 * set of functions behind `upsert_custom_box`, `remove_from_box` / `remove_custom_box_item`,
 * `close_box` and `open_box`, as REST calls and queued mutations. A box stands for
 * `number_boxes` identical boxes and holds the stock of all of them. Call inside a transaction:
 * the difference in bunches × boxes takes stock only if it remains, and returns it when they
 * go. Each change takes the customer's lock (db/key-lock.ts) before it reads the box, as every
 * cart writer does: two changes of one box on two nodes would otherwise both start from one
 * content.
 */
export function createCustomBoxes(app: AppContext) {
  const { catalog, customBoxes: boxes } = app.repos;
  const ownsCampaign = createCampaignCheck(app.repos.events);
  const deliverable = createDeliverableDates(app);
  const lockCart = (customerKey: string) => lockKey(app.engine, customerLockKey(customerKey));
  const unconfirmed = createUnconfirmedHolds(app);

  async function upsert(customerKey: string, args: UpsertCustomBoxArgs): Promise<CustomBoxOutcome> {
    await lockCart(customerKey);
    const existing = await boxes.box(customerKey, args.key);
    if (existing?.closed) return rejected('box_closed', stemlineMessages.boxClosed);
    if (!(await ownsCampaign(customerKey, args.campaign_recipient))) {
      return rejected('not_found', eventMessages.eventNotFound);
    }
    if (existing && (existing.grower_key !== args.grower || existing.eta_date !== args.eta_date)) {
      return rejected('invalid_args', stemlineMessages.oneGrowerPerBox);
    }
    const refused = await deliverable.refusal(customerKey, args.eta_date);
    if (refused) return rejected('invalid_args', refused);
    const grower = await catalog.grower(args.grower);
    if (!grower) return rejected('offer_not_found', stemlineMessages.offerNotFound);

    const wanted = mergeQuantities(args.items);
    const heldCount = existing?.number_boxes ?? 1;
    const count = args.number_boxes ?? heldCount;
    // A guest whose email is not confirmed takes no bunches: a box has no hold the sweeper could
    // end (unconfirmed-holds.ts), and the guest cannot order it before confirming anyway.
    if (addsBunches(existing, wanted, count) && (await unconfirmed.holdsEveryLine(customerKey)))
      return rejected('email_unverified', guestMessages.confirmEmailFirst);
    const messages: string[] = [];
    const items: CustomBoxItem[] = [];
    const stockMoves: { inventoryKey: number; units: number }[] = [];
    let fill = 0;
    // How many boxes of the wanted content the stock fills, when the count changes.
    let boxesThatFit = Number.POSITIVE_INFINITY;
    for (const [inventoryKey, bunches] of wanted) {
      const offer = await catalog.offer(inventoryKey);
      if (!offer || offer.eta_from > args.eta_date || offer.eta_to < args.eta_date) {
        return rejected('offer_not_found', stemlineMessages.offerNotFound);
      }
      if (offer.grower_key !== args.grower)
        return rejected('invalid_args', stemlineMessages.oneGrowerPerBox);
      if (offer.open_market)
        return rejected('invalid_args', stemlineMessages.openMarketFullBoxesOnly);
      const variety = await catalog.variety(offer.variety_key);
      if (!variety) return rejected('offer_not_found', stemlineMessages.offerNotFound);
      const held =
        existing?.items.find((item) => item.inventory_key === inventoryKey)?.bunches ?? 0;
      // Bunches of this row the box may hold over all its boxes: its own plus those in stock.
      const reachable = held * heldCount + bunchesInStock(offer);
      const canHave = Math.floor(reachable / count);
      boxesThatFit = Math.min(boxesThatFit, Math.floor(reachable / bunches));
      // A new count is had whole or not at all (below); bunches alone are granted what is left.
      const granted = count === heldCount ? Math.min(bunches, canHave) : bunches;
      if (granted < bunches) messages.push(stemlineMessages.onlyBunchesLeft(variety.name, canHave));
      const perBunch = percentPerBunch(offer);
      fill += granted * perBunch;
      const moved = granted * count - held * heldCount;
      if (moved !== 0) stockMoves.push({ inventoryKey, units: moved * unitsPerBunch(offer) });
      if (granted > 0) {
        items.push({
          inventory_key: inventoryKey,
          variety_key: variety.key,
          variety_name: variety.name,
          color_code: variety.color_code,
          length: offer.length,
          uom: offer.uom,
          stems_per_bunch: offer.stems_per_bunch,
          bunches: granted,
          percent_per_bunch: perBunch,
          stem_price_cents: offer.stem_price_cents,
        });
      }
    }
    if (count !== heldCount && boxesThatFit < count)
      return rejected(
        'sold_out',
        boxesThatFit === 0
          ? stemlineMessages.soldOut
          : stemlineMessages.onlyBoxesLeft(boxesThatFit),
      );
    const fillPercent = roundFillPercent(fill);
    if (fillPercent > 100 + 1e-6)
      return rejected('box_full', stemlineMessages.boxFull(Math.round(fillPercent)));
    // Rows the new content leaves out return all their bunches.
    for (const item of existing?.items ?? []) {
      if (!wanted.has(item.inventory_key)) {
        stockMoves.push({
          inventoryKey: item.inventory_key,
          units: -item.bunches * heldCount * unitsPerBunch(item),
        });
      }
    }

    const seq = await app.changes.next();
    for (const move of stockMoves) {
      if (move.units > 0 && !(await catalog.takeStock(move.inventoryKey, move.units, seq))) {
        throw new Error(`stock of ${move.inventoryKey} changed inside the transaction`);
      }
      if (move.units < 0) await catalog.returnStock(move.inventoryKey, -move.units, seq);
    }
    const now = app.now();
    const box: CustomBox = {
      key: args.key,
      grower_key: grower.key,
      grower_name: grower.grower_name,
      country_iso: grower.country_iso,
      eta_date: args.eta_date,
      items,
      fill_percent: fillPercent,
      closed: false,
      number_boxes: count,
      campaign_recipient: args.campaign_recipient ?? existing?.campaign_recipient ?? null,
      added_at: existing?.added_at ?? now,
      updated_at: now,
    };
    if (items.length === 0) {
      await boxes.delete(customerKey, args.key, seq);
      return boxApplied(null, messages.join(' ') || null);
    }
    await boxes.save(customerKey, box, seq);
    return boxApplied(box, messages.join(' ') || null);
  }

  async function removeItem(
    customerKey: string,
    args: RemoveFromBoxArgs,
  ): Promise<CustomBoxOutcome> {
    await lockCart(customerKey);
    const box = await boxes.box(customerKey, args.key);
    if (!box) return rejected('offer_not_found', stemlineMessages.boxNotInCart);
    return upsert(customerKey, {
      key: box.key,
      grower: box.grower_key,
      eta_date: box.eta_date,
      items: box.items
        .filter((item) => item.inventory_key !== args.inventory)
        .map((item) => ({ inventory: item.inventory_key, quantity: item.bunches })),
    });
  }

  async function setClosed(
    customerKey: string,
    args: BoxKeyArgs,
    closed: boolean,
  ): Promise<CustomBoxOutcome> {
    await lockCart(customerKey);
    const box = await boxes.box(customerKey, args.key);
    if (!box) return rejected('offer_not_found', stemlineMessages.boxNotInCart);
    if (box.closed === closed) return boxApplied(box, null);
    const updated = { ...box, closed, updated_at: app.now() };
    await boxes.save(customerKey, updated, await app.changes.next());
    return boxApplied(updated, null);
  }

  /**
   * Deletes a box and returns all its bunches, of every box it stands for, to stock; false when
   * the caller has no such box.
   */
  async function remove(customerKey: string, key: string): Promise<boolean> {
    await lockCart(customerKey);
    const box = await boxes.box(customerKey, key);
    if (!box) return false;
    const seq = await app.changes.next();
    for (const item of box.items)
      await catalog.returnStock(
        item.inventory_key,
        item.bunches * box.number_boxes * unitsPerBunch(item),
        seq,
      );
    return await boxes.delete(customerKey, key, seq);
  }

  /** Takes an ordered box out of the cart; its bunches stay taken from stock (they are sold). */
  async function clear(customerKey: string, key: string): Promise<boolean> {
    await lockCart(customerKey);
    return boxes.delete(customerKey, key, await app.changes.next());
  }

  return {
    upsert,
    removeItem,
    clear,
    close: (customerKey: string, args: BoxKeyArgs) => setClosed(customerKey, args, true),
    open: (customerKey: string, args: BoxKeyArgs) => setClosed(customerKey, args, false),
    remove,
    list: (customerKey: string) => boxes.boxes(customerKey),
  };
}
export type CustomBoxes = ReturnType<typeof createCustomBoxes>;

/** Sums repeated rows of a request, keeping their first order; zero counts mean "leave out". */
function mergeQuantities(items: UpsertCustomBoxArgs['items']): Map<number, number> {
  const merged = new Map<number, number>();
  for (const { inventory, quantity } of items)
    merged.set(inventory, (merged.get(inventory) ?? 0) + quantity);
  for (const [inventory, quantity] of merged) if (quantity === 0) merged.delete(inventory);
  return merged;
}

/** Whether the new content, `count` boxes of it, asks for more of some row than the box holds. */
function addsBunches(
  existing: CustomBox | undefined,
  wanted: Map<number, number>,
  count: number,
): boolean {
  const heldCount = existing?.number_boxes ?? 1;
  for (const [inventoryKey, bunches] of wanted) {
    const held = existing?.items.find((item) => item.inventory_key === inventoryKey)?.bunches ?? 0;
    if (bunches * count > held * heldCount) return true;
  }
  return false;
}
