import type { Temporal } from 'temporal-polyfill';
import {
  isWeekend,
  MARKET_TIME_ZONE,
  marketToday,
  orderLineTotal,
  orderNumber,
  orderTotals,
  toEtaDate,
  type Order,
  type OrderLine,
} from '@stemline/shared';
import type { Db } from '../db/database';
import { createOrderWriterSync } from './order-repository';
import { seedOffers, type SeedOffer } from './seed-offers';
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
export function seedPastOrders(db: Db, nowMs: number): number {
  const exists = db.prepare('SELECT 1 FROM customers WHERE key = ?').get(CUSTOMER);
  const hasOrders = db.prepare('SELECT 1 FROM orders WHERE customer_key = ? LIMIT 1').get(CUSTOMER);
  if (!exists) return 0;
  const recent = seedRecentOrders(db, nowMs, seedOffers(db));
  if (hasOrders) return recent;
  return recent + seedWeeksAgo(db, nowMs);
}

function seedWeeksAgo(db: Db, nowMs: number): number {
  const offers = seedOffers(db);
  if (offers.length < 6) return 0;
  const orders = createOrderWriterSync(db);
  const nextSeq = db.prepare<[], number>(
    'UPDATE change_seq SET value = value + 1 WHERE id = 1 RETURNING value',
  );
  const today = marketToday(nowMs);
  let offerIndex = 0;
  return db.transaction(() => {
    let firstPurchase: number | null = null;
    for (const past of PAST_ORDERS) {
      const bought = weekday(today.subtract({ weeks: past.weeksAgo }));
      const arrives = toEtaDate(weekday(bought.add({ days: 3 })));
      const lines = past.rows.map((boxes, index): OrderLine => {
        const offer = offers[offerIndex % offers.length] as SeedOffer;
        offerIndex += 1;
        const unitPrice = Math.round(offer.grower_price * 1.45 * 100) / 100;
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
          stem_price: unitPrice,
          cart_price: unitPrice,
          price_changed: false,
          total: 0,
          status: 'placed' as const,
          cancelled_at: null,
        };
        return { ...row, total: orderLineTotal(row) };
      });
      const seq = nextSeq.pluck().get() ?? 0;
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
      orders.insert(CUSTOMER, order, seq);
      firstPurchase ??= purchaseDate;
    }
    db.prepare(
      'UPDATE customers SET first_purchase_date = COALESCE(first_purchase_date, ?) WHERE key = ?',
    ).run(firstPurchase, CUSTOMER);
    return PAST_ORDERS.length;
  })();
}

/** The date itself, or the Friday before it when it falls on a weekend. */
function weekday(date: Temporal.PlainDate): Temporal.PlainDate {
  let day = date;
  while (isWeekend(day)) day = day.subtract({ days: 1 });
  return day;
}
