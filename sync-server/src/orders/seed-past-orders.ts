import type { Temporal } from 'temporal-polyfill';
import {
  isWeekend,
  MARKET_TIME_ZONE,
  marketToday,
  orderLineCents,
  orderNumber,
  orderTotals,
  toEtaDate,
  type Order,
  type OrderLine,
} from '@stemline/shared';
import type { SqlEngine } from '../db/sql-engine';
import { createOrderRepository } from './order-repository';
import { seedOffers, seedSeq, seedUnitPriceCents, type SeedOffer } from './seed-offers';
import { seedRecentOrders } from './seed-recent-orders';

/** The demo florist's history (README: "a florist with past orders"): weeks ago, one to three rows each. */
const PAST_ORDERS = [
  { weeksAgo: 6, rows: [3, 1] },
  { weeksAgo: 4, rows: [2] },
  { weeksAgo: 2, rows: [1, 2, 1] },
] as const;
const CUSTOMER = 'c-bennett';

/**
 * Gives the demo florist its past purchase orders, delivered before today, once: only when the
 * customer exists and has no orders yet. Their boxes were delivered long ago, so they take no
 * stock from today's offers and none can be cancelled. Prices are the grower price of a few
 * catalogue rows, as a plausible history. Returns how many orders it wrote.
 */
export async function seedPastOrders(engine: SqlEngine, nowMs: number): Promise<number> {
  const exists = await engine.one('SELECT 1 AS found FROM customers WHERE key = ?', [CUSTOMER]);
  const hasOrders = await engine.one(
    'SELECT 1 AS found FROM orders WHERE customer_key = ? LIMIT 1',
    [CUSTOMER],
  );
  if (!exists) return 0;
  const offers = await seedOffers(engine);
  const recent = await seedRecentOrders(engine, nowMs, offers);
  if (hasOrders) return recent;
  return recent + (await seedWeeksAgo(engine, nowMs, offers));
}

async function seedWeeksAgo(
  engine: SqlEngine,
  nowMs: number,
  offers: SeedOffer[],
): Promise<number> {
  if (offers.length < 6) return 0;
  const orders = createOrderRepository(engine);
  const today = marketToday(nowMs);
  let offerIndex = 0;
  return engine.transaction(async (tx) => {
    let firstPurchase: number | null = null;
    for (const past of PAST_ORDERS) {
      const bought = weekday(today.subtract({ weeks: past.weeksAgo }));
      const arrives = toEtaDate(weekday(bought.add({ days: 3 })));
      const lines = past.rows.map((boxes, index): OrderLine => {
        const offer = offers[offerIndex % offers.length] as SeedOffer;
        offerIndex += 1;
        const unitPriceCents = seedUnitPriceCents(offer);
        const row = {
          line_no: index + 1,
          cart_line_key: `${offer.inventory_key}-${arrives}`,
          inventory_key: offer.inventory_key,
          variety_key: offer.variety_key,
          variety_name: offer.variety_name,
          color_code: offer.color_code,
          grower_key: offer.grower_key,
          grower_name: offer.grower_name,
          country_iso: offer.country_iso,
          length: offer.length,
          eta_date: arrives,
          boxes,
          uom: offer.uom,
          stems_per_bunch: offer.stems_per_bunch,
          bunches_in_box: offer.bunches_in_box,
          stem_price_cents: unitPriceCents,
          cart_price_cents: unitPriceCents,
          price_changed: false,
          total_cents: 0,
          status: 'placed' as const,
          cancelled_at: null,
        };
        return { ...row, total_cents: orderLineCents(row) };
      });
      const seq = await seedSeq(tx);
      const purchaseDate = toEtaDate(bought);
      const createdAt = bought.toZonedDateTime({
        timeZone: MARKET_TIME_ZONE,
        plainTime: '09:30',
      }).epochMilliseconds;
      const order: Order = {
        key: `o-demo-${purchaseDate}`,
        number: orderNumber(purchaseDate, seq),
        status: 'placed',
        purchase_date: purchaseDate,
        created_at: createdAt,
        updated_at: createdAt,
        currency: 'USD',
        lines,
        ...orderTotals(lines, 0),
        custom_boxes: [],
        discount_rate: 0,
        payment: { card_key: 'card-demo', brand: 'visa', last4: '4242' },
        removed_products: [],
        first_order: firstPurchase === null,
      };
      await orders.insert(CUSTOMER, order, seq);
      firstPurchase ??= purchaseDate;
    }
    await tx.run(
      'UPDATE customers SET first_purchase_date = COALESCE(first_purchase_date, ?) WHERE key = ?',
      [firstPurchase, CUSTOMER],
    );
    return PAST_ORDERS.length;
  });
}

/** The date itself, or the Friday before it when it falls on a weekend. */
function weekday(date: Temporal.PlainDate): Temporal.PlainDate {
  let day = date;
  while (isWeekend(day)) day = day.subtract({ days: 1 });
  return day;
}
