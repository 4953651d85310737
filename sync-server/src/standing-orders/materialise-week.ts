import {
  cardUsable,
  defaultCard,
  deliveryDateOf,
  formatEtaDate,
  MAIN_ADDRESS_KEY,
  marketToday,
  orderBlocker,
  orderDiscountRate,
  orderNumber,
  orderTotals,
  standingOrderMessages,
  standingWeekState,
  type Order,
  type SyncedCollection,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { areaRefusalReason, createDeliverableDates } from '../cart/deliverable-date';
import { createShipTo } from '../cart/ship-to';
import type { OfferCandidates } from './offer-candidates';
import {
  createStandingOrderRunRepository,
  type StandingWeekOutcome,
} from './standing-order-run-repository';
import { takeWeekBoxes } from './standing-week-boxes';
import { standingWeekOrderKey, takeWeekLines } from './standing-week-order';

export interface MadeWeek {
  outcome: StandingWeekOutcome;
  /** The order made for the week; null for every other outcome. */
  order: Order | null;
  /** The buyer's synced collections it wrote, to poke after the commit. */
  touched: SyncedCollection[];
}

/**
 * What one run knows before it decides its weeks: its market day, its price-row index, the
 * weeks standing orders do not deliver (`standing_order.disabled_weeks`) and the days the market
 * is closed.
 */
export interface RunContext {
  today: number;
  candidates: OfferCandidates;
  disabledWeeks: ReadonlySet<number>;
  /** The no-delivery holidays among the run's delivery days, each with its name. */
  closedDays: ReadonlyMap<number, string>;
}

/**
 * Decides one standing order's week at its cut-off, the one function a run calls per week.
 * Call it inside ONE transaction per week: it first claims the week (`standing_order_runs`),
 * and returns null when another run already did, writing nothing. Then, from the standing order
 * as it is now: a cancelled, paused or skipped week makes no order, nor does a closed one (a
 * disabled week, or a delivery day that is a no-delivery holiday, told by notice); an active one
 * becomes an order like a checkout's (ship to the standing order's address, paid with its own
 * card, or the default card when it names none, stock taken by the cart's rule, custom boxes
 * packed whole by the custom-box rules, current prices, the referral discount on a first
 * order), with a notice for each short or missing line or box. No card, no address, an address
 * not delivered on that weekday (cart/deliverable-date.ts) or nothing in stock make no order and
 * take no stock, with a notice saying so. The week's outcome is
 * recorded on its claim in the same transaction, so a crash before the commit leaves the week
 * undecided and a later run makes it.
 */
export function createMaterialiseWeek(app: AppContext) {
  const runs = createStandingOrderRunRepository(app.engine);
  const { catalog, standingOrders, orders, cards, customers, cart: notices } = app.repos;
  const shipTo = createShipTo(app.repos.addresses);
  const deliverable = createDeliverableDates(app);

  return async function materialiseWeek(
    customerKey: string,
    standingKey: string,
    week: number,
    run: RunContext,
  ): Promise<MadeWeek | null> {
    const nowMs = app.now();
    if (!(await runs.claim(customerKey, standingKey, week, nowMs))) return null;
    const standing = await standingOrders.get(customerKey, standingKey);
    const state = standingWeekState(standing, week, run.today);
    // The run hands over only weeks whose cut-off has come, by the same `today`.
    if (state.kind === 'not_due') throw new Error(`week ${week} of ${standingKey} is not due`);
    const orderKey = standingWeekOrderKey(standingKey, week);
    const finish = async (
      outcome: StandingWeekOutcome,
      messages: { key: string; message: string }[],
      order: Order | null = null,
    ): Promise<MadeWeek> => {
      for (const { key, message } of messages)
        await notices.addNotice(
          customerKey,
          { key: `${orderKey}-${key}`, kind: 'standing_order', message, created_at: nowMs },
          await app.changes.next(),
        );
      await runs.settle(customerKey, standingKey, week, outcome, order?.key ?? null);
      const touched: SyncedCollection[] = [
        ...(order ? (['orders'] as const) : []),
        ...(messages.length > 0 ? (['notices'] as const) : []),
      ];
      return { outcome, order, touched };
    };
    if (!standing || state.kind === 'stopped') return finish('stopped', []);
    if (state.kind === 'paused' || state.kind === 'skipped') return finish(state.kind, []);
    // A week closed after the order was made delivers nothing either, as one closed before it.
    if (run.disabledWeeks.has(week)) return finish('skipped', []);
    const deliveryDate = deliveryDateOf(standing, week);
    const date = formatEtaDate(deliveryDate);
    const weekNotice = (message: string) => [{ key: 'week', message }];
    // Nor does a delivery day the market is closed (a no-delivery holiday, as a cart refuses it),
    // but that is the buyer's to know: a standing order names a weekday, not the holidays.
    const holiday = run.closedDays.get(deliveryDate);
    if (holiday !== undefined)
      return finish(
        'skipped',
        weekNotice(standingOrderMessages.holiday(standing.name, date, holiday)),
      );
    if (state.kind === 'missed')
      return finish('missed', weekNotice(standingOrderMessages.missed(standing.name, date)));

    const address = await shipTo.resolve(customerKey, standing.address ?? MAIN_ADDRESS_KEY);
    if (!address)
      return finish('no_address', weekNotice(standingOrderMessages.noAddress(standing.name, date)));
    // Nor does an address Stemline does not deliver to, or not on that weekday, by the rule a
    // cart and checkout apply (its zip stopped being served, or the region's trucks run on
    // other days): the buyer is told, as for a holiday, and can move the order.
    const outside = await deliverable.areaCheck(customerKey)(address, deliveryDate);
    if (outside)
      return finish(
        'not_delivered',
        weekNotice(
          standingOrderMessages.notDelivered(standing.name, date, areaRefusalReason(outside)),
        ),
      );
    const customer = await customers.get(customerKey);
    // Standing orders are only made by signed-in customers, and customers are never deleted.
    if (!customer) throw new Error(`customer ${customerKey} is missing`);
    const blocker = orderBlocker({
      guest: customer.guest,
      emailVerified: customer.email_verified,
      actualAddress: address._KEY,
    });
    if (blocker)
      return finish(
        'blocked',
        weekNotice(standingOrderMessages.blocked(standing.name, date, blocker.message)),
      );
    // Its own card when one was chosen (removed or expired since: no card); else the default.
    const card = standing.card_key
      ? [await cards.get(customerKey, standing.card_key)].find(
          (saved) => saved !== undefined && cardUsable(saved, marketToday(nowMs)),
        )
      : defaultCard(await cards.list(customerKey), marketToday(nowMs));
    if (!card)
      return finish('no_card', weekNotice(standingOrderMessages.noCard(standing.name, date)));

    const taken = await takeWeekLines({
      catalog,
      candidates: run.candidates,
      standing,
      deliveryDate: state.deliveryDate,
      items: state.items,
      seq: () => app.changes.next(),
    });
    const packed = await takeWeekBoxes({
      catalog,
      candidates: run.candidates,
      standing,
      deliveryDate: state.deliveryDate,
      customBoxes: state.customBoxes,
      seq: () => app.changes.next(),
    });
    const lineNotices = [...taken.notices, ...packed.notices].map(({ itemKey, message }) => ({
      key: itemKey,
      message,
    }));
    if (taken.lines.length === 0 && packed.boxes.length === 0)
      return finish('nothing_available', [
        ...lineNotices,
        { key: 'week', message: standingOrderMessages.nothingOrdered(standing.name, date) },
      ]);

    if (await orders.exists(customerKey, orderKey))
      throw new Error(`order ${orderKey} exists but its week was not claimed`);
    const discountRate = orderDiscountRate(customer);
    const seq = await app.changes.next();
    const order: Order = {
      key: orderKey,
      number: orderNumber(run.today, seq),
      status: 'placed',
      purchase_date: run.today,
      created_at: nowMs,
      updated_at: nowMs,
      currency: 'USD',
      lines: taken.lines,
      custom_boxes: packed.boxes,
      ...orderTotals([...taken.lines, ...packed.boxes], discountRate),
      discount_rate: discountRate,
      payment: { card_key: card.key, brand: card.brand, last4: card.last4 },
      removed_products: [...taken.removed, ...packed.removed],
      first_order: customer.n_orders === 0,
      ship_to: address,
    };
    await orders.insert(customerKey, order, seq);
    await customers.recordPurchase(customerKey, run.today);
    return finish('ordered', lineNotices, order);
  };
}
