import {
  marketToday,
  nextWeekdays,
  orderLineCents,
  orderNumber,
  orderTotals,
  toEtaDate,
  customBoxCents,
  type Order,
  type OrderCustomBox,
  type OrderFulfillment,
  type OrderLine,
} from '@stemline/shared';
import type { SqlEngine } from '../db/sql-engine';
import { createOrderRepository } from './order-repository';
import { seedSeq, seedUnitPriceCents, type SeedOffer } from './seed-offers';

const CUSTOMER = 'c-bennett';
/** The demo grower login: it works for the farm of the shipped order's first row. */
const DEMO_GROWER = 'u-grower';
const HOUR = 3600_000;

/** The demo florist's orders still on their way or just arrived, so claims can be tried at once. */
export const RECENT_ORDER_KEYS = { arrived: 'o-recent-arrived', shipped: 'o-recent-shipped' };

/**
 * A custom box of two bunches of each of up to two rows of one grower (the first grower with two
 * rows among `offers`), so the demo shows a claim on a box's bunch line too.
 */
function seedBox(
  offers: SeedOffer[],
  eta: number,
  fulfillment: OrderFulfillment,
): OrderCustomBox | null {
  const grower = offers.find(
    (offer) => offers.filter((other) => other.grower_key === offer.grower_key).length >= 2,
  );
  if (!grower) return null;
  const items = offers
    .filter((offer) => offer.grower_key === grower.grower_key)
    .slice(0, 2)
    .map((offer) => {
      const unitPriceCents = seedUnitPriceCents(offer);
      return {
        inventory_key: offer.inventory_key,
        variety_key: offer.variety_key,
        variety_name: offer.variety_name,
        color_code: offer.color_code,
        length: offer.length,
        uom: offer.uom,
        stems_per_bunch: offer.stems_per_bunch,
        bunches: 2,
        stem_price_cents: unitPriceCents,
        cart_price_cents: unitPriceCents,
        price_changed: false,
      };
    });
  return {
    box_key: 'cb-demo-arrived',
    grower_key: grower.grower_key,
    grower_name: grower.grower_name,
    country_iso: grower.country_iso,
    eta_date: eta,
    fill_percent: 50,
    items,
    total_cents: customBoxCents({ items }),
    status: 'placed',
    cancelled_at: null,
    fulfillment,
  };
}

/**
 * Gives the demo florist, once each, an order that arrived three hours before the seed (inside
 * the 48-hour claim window, its arrival recorded as staff would) with three lines and a custom
 * box of two bunch lines, and an order
 * shipped an hour before it, arriving on the next weekday, whose first row's farm the demo
 * grower login works for (so it can confirm and ship that row). Like the older history they take no
 * stock from today's offers. Returns how many orders it wrote.
 */
export async function seedRecentOrders(
  engine: SqlEngine,
  nowMs: number,
  offers: SeedOffer[],
): Promise<number> {
  if (offers.length < 12) return 0;
  const orders = createOrderRepository(engine);
  const today = marketToday(nowMs);
  const [nextDay = today] = nextWeekdays(today, 1);
  const plans = [
    {
      key: RECENT_ORDER_KEYS.arrived,
      // Today, whatever the weekday: its clock arrival (10:00) is never more than 14 hours ago.
      eta: toEtaDate(today),
      rows: [2, 1, 1],
      offers: offers.slice(6, 9),
      withBox: true,
      createdAt: nowMs - 96 * HOUR,
      fulfillment: {
        confirmed_at: nowMs - 94 * HOUR,
        shipped_at: nowMs - 40 * HOUR,
        carrier: 'FedEx',
        tracking_number: null,
        arrived_at: nowMs - 3 * HOUR,
      },
    },
    {
      key: RECENT_ORDER_KEYS.shipped,
      eta: toEtaDate(nextDay),
      rows: [1, 2],
      offers: offers.slice(9, 11),
      withBox: false,
      createdAt: nowMs - 48 * HOUR,
      fulfillment: {
        confirmed_at: nowMs - 46 * HOUR,
        shipped_at: nowMs - HOUR,
        carrier: 'FedEx',
        tracking_number: null,
        arrived_at: null,
      },
    },
  ];
  const [shippedFirst] = plans[1]?.offers ?? [];
  if (shippedFirst)
    await engine.run(
      "UPDATE users SET grower_key = ? WHERE key = ? AND role = 'grower' AND grower_key IS NULL",
      [shippedFirst.grower_key, DEMO_GROWER],
    );
  return engine.transaction(async (tx) => {
    let written = 0;
    for (const plan of plans) {
      if (await orders.exists(CUSTOMER, plan.key)) continue;
      const lines = plan.rows.map((boxes, index): OrderLine => {
        const offer = plan.offers[index] as SeedOffer;
        const unitPriceCents = seedUnitPriceCents(offer);
        const row = {
          line_no: index + 1,
          cart_line_key: `${offer.inventory_key}-${plan.eta}`,
          inventory_key: offer.inventory_key,
          variety_key: offer.variety_key,
          variety_name: offer.variety_name,
          color_code: offer.color_code,
          grower_key: offer.grower_key,
          grower_name: offer.grower_name,
          country_iso: offer.country_iso,
          length: offer.length,
          eta_date: plan.eta,
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
          fulfillment: plan.fulfillment,
        };
        return { ...row, total_cents: orderLineCents(row) };
      });
      const box = plan.withBox ? seedBox(offers, plan.eta, plan.fulfillment) : null;
      const boxes = box ? [box] : [];
      const seq = await seedSeq(tx);
      const purchaseDate = toEtaDate(marketToday(plan.createdAt));
      const order: Order = {
        key: plan.key,
        number: orderNumber(purchaseDate, seq),
        status: 'placed',
        purchase_date: purchaseDate,
        created_at: plan.createdAt,
        updated_at: plan.createdAt,
        currency: 'USD',
        lines,
        ...orderTotals([...lines, ...boxes], 0),
        custom_boxes: boxes,
        discount_rate: 0,
        payment: { card_key: 'card-demo', brand: 'visa', last4: '4242' },
        removed_products: [],
        first_order: false,
      };
      await orders.insert(CUSTOMER, order, seq);
      written += 1;
    }
    return written;
  });
}
