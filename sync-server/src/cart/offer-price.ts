import {
  formatUsd,
  stemlineMessages,
  type CartLine,
  type OfferPriceChangeAnswer,
  type OfferPriceChangeArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createCatalogRepository } from '../catalog/catalog-repository';
import { createCartRepository } from './cart-repository';

export interface OfferPriceChange {
  answer: OfferPriceChangeAnswer;
  /** Customers whose cart lines were re-priced: poke them after the commit. */
  customers: string[];
}

/**
 * A staff price change of one price row, in ONE transaction: the row's components are set (its
 * change sequence moves, so the catalogue version and every date's delta carry the new price),
 * and every open cart line of that row, of every customer, takes the new unit price while
 * keeping `price_at_add`, with a notice saying what changed. Checkout charges the row's price
 * anyway; this lets buyers see it before they get there. Undefined when there is no such row.
 */
export function createOfferPriceChange(app: AppContext) {
  const catalog = createCatalogRepository(app.db);
  const cart = createCartRepository(app.db);
  const openLines = app.db.prepare<[number], { customer_key: string; doc: string }>(
    'SELECT customer_key, doc FROM cart_lines WHERE inventory_key = ? AND deleted = 0',
  );

  return app.db.transaction((args: OfferPriceChangeArgs): OfferPriceChange | undefined => {
    const before = catalog.offer(args.inventory_key);
    if (!before) return undefined;
    const { inventory_key: inventoryKey, ...components } = args;
    const seq = app.changes.nextSeq();
    catalog.setPrice(
      inventoryKey,
      {
        grower_price: components.grower_price ?? before.grower_price,
        import_duties_tax: components.import_duties_tax ?? before.import_duties_tax,
        freight_cost: components.freight_cost ?? before.freight_cost,
        box_charge: components.box_charge ?? before.box_charge,
        margin_discount: components.margin_discount ?? before.margin_discount,
      },
      seq,
    );
    const after = catalog.offer(inventoryKey);
    if (!after) throw new Error(`price row ${inventoryKey} vanished inside the transaction`);

    const nowMs = app.now();
    const customers = new Set<string>();
    let repriced = 0;
    for (const row of openLines.all(inventoryKey)) {
      const line = JSON.parse(row.doc) as CartLine;
      if (line.stem_price === after.stem_price) continue;
      cart.saveLine(
        row.customer_key,
        { ...line, stem_price: after.stem_price, updated_at: nowMs },
        app.changes.nextSeq(),
      );
      cart.addNotice(
        row.customer_key,
        {
          key: `price-${line.key}-${seq}`,
          kind: 'price_changed',
          message: stemlineMessages.cartPriceChanged(
            line.variety_name,
            formatUsd(line.stem_price),
            formatUsd(after.stem_price),
            line.uom === 'bunch' ? 'bunch' : 'stem',
          ),
          created_at: nowMs,
        },
        app.changes.nextSeq(),
      );
      customers.add(row.customer_key);
      repriced += 1;
    }
    return {
      answer: {
        success: true,
        inventory_key: inventoryKey,
        stem_price: after.stem_price,
        previous_stem_price: before.stem_price,
        repriced_lines: repriced,
        customers: customers.size,
      },
      customers: [...customers],
    };
  });
}
