import {
  formatCents,
  stemlineMessages,
  SYNCED_COLLECTIONS,
  type Notice,
  type OfferPriceChangeAnswer,
  type OfferPriceChangeArgs,
  type SyncedCollection,
  type Unit,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { lockCustomers } from '../db/key-lock';

export interface OfferPriceChange {
  answer: OfferPriceChangeAnswer;
  /**
   * Customers whose cart lines or custom boxes were re-priced, each with the collections that
   * changed for them (always `notices` too): poke them after the commit.
   */
  pokes: { customerKey: string; collections: SyncedCollection[] }[];
}

/**
 * A staff price change of one price row, in ONE transaction: the row's components are set (its
 * change sequence moves, so the catalogue version and every date's delta carry the new price),
 * and every open cart line of that row, of every customer, takes the new unit price while
 * keeping `price_at_add_cents`, with a notice saying what changed. The bunches of that row inside
 * custom boxes (open or closed) take the new price the same way, one notice per box, so the box
 * shows what checkout will charge. Checkout charges the row's price anyway; this lets buyers see
 * it before they get there. Undefined when there is no such row. The buyers it re-prices are
 * locked as every cart writer locks them, so a buyer's concurrent change is seen whole.
 */
export function createOfferPriceChange(app: AppContext) {
  const { catalog, cart, customBoxes } = app.repos;

  return app.transactional(
    async (args: OfferPriceChangeArgs): Promise<OfferPriceChange | undefined> => {
      const before = await catalog.offer(args.inventory_key);
      if (!before) return undefined;
      const { inventory_key: inventoryKey, ...components } = args;
      // The buyers whose lines or boxes of the row are re-priced are locked first (db/key-lock.ts),
      // in the one lock order and before any write, as the sweeper does: a buyer holds its own
      // lock and then the row's, so taking theirs after writing the row could deadlock, and a line
      // saved from a read made without it could undo an add committed meanwhile on another node.
      const holders = new Set([
        ...(await cart.linesOfOffer(inventoryKey)).map((entry) => entry.customerKey),
        ...(await customBoxes.boxesHolding(inventoryKey)).map((entry) => entry.customerKey),
      ]);
      await lockCustomers(app.engine, holders);
      const seq = await app.changes.next();
      await catalog.setPrice(
        inventoryKey,
        {
          grower_price_mills: components.grower_price_mills ?? before.grower_price_mills,
          import_duties_tax: components.import_duties_tax ?? before.import_duties_tax,
          freight_cost_mills: components.freight_cost_mills ?? before.freight_cost_mills,
          box_charge_mills: components.box_charge_mills ?? before.box_charge_mills,
          margin_discount: components.margin_discount ?? before.margin_discount,
        },
        seq,
      );
      const after = await catalog.offer(inventoryKey);
      if (!after) throw new Error(`price row ${inventoryKey} vanished inside the transaction`);

      const nowMs = app.now();
      const touched = new Map<string, Set<SyncedCollection>>();
      const touch = (customerKey: string, collection: SyncedCollection): void => {
        const collections = touched.get(customerKey) ?? new Set<SyncedCollection>(['notices']);
        collections.add(collection);
        touched.set(customerKey, collections);
      };
      const notice = (
        key: string,
        item: { variety_name: string; stem_price_cents: number; uom: Unit },
      ): Notice => ({
        key,
        kind: 'price_changed',
        message: stemlineMessages.cartPriceChanged(
          item.variety_name,
          formatCents(item.stem_price_cents),
          formatCents(after.stem_price_cents),
          item.uom === 'bunch' ? 'bunch' : 'stem',
        ),
        created_at: nowMs,
      });

      let repriced = 0;
      for (const { customerKey, line } of await cart.linesOfOffer(inventoryKey)) {
        if (line.stem_price_cents === after.stem_price_cents) continue;
        await cart.saveLine(
          customerKey,
          { ...line, stem_price_cents: after.stem_price_cents, updated_at: nowMs },
          await app.changes.next(),
        );
        await cart.addNotice(
          customerKey,
          notice(`price-${line.key}-${seq}`, line),
          await app.changes.next(),
        );
        touch(customerKey, 'cart_lines');
        repriced += 1;
      }

      // A box holds each row at most once (its content is merged by row when written).
      for (const { customerKey, box } of await customBoxes.boxesHolding(inventoryKey)) {
        const item = box.items.find((candidate) => candidate.inventory_key === inventoryKey);
        if (!item || item.stem_price_cents === after.stem_price_cents) continue;
        const items = box.items.map((candidate) =>
          candidate === item
            ? { ...candidate, stem_price_cents: after.stem_price_cents }
            : candidate,
        );
        // `updated_at` moves as a line's does, so a checkout review keyed on it asks again.
        await customBoxes.save(
          customerKey,
          { ...box, items, updated_at: nowMs },
          await app.changes.next(),
        );
        await cart.addNotice(
          customerKey,
          notice(`price-${box.key}-${inventoryKey}-${seq}`, item),
          await app.changes.next(),
        );
        touch(customerKey, 'custom_boxes');
      }

      return {
        answer: {
          success: true,
          inventory_key: inventoryKey,
          stem_price_cents: after.stem_price_cents,
          previous_stem_price_cents: before.stem_price_cents,
          repriced_lines: repriced,
          customers: touched.size,
        },
        pokes: [...touched].map(([customerKey, collections]) => ({
          customerKey,
          collections: SYNCED_COLLECTIONS.filter((collection) => collections.has(collection)),
        })),
      };
    },
  );
}
