import {
  checkoutMessages,
  comingDeliveries,
  deliveryDateOf,
  percentPerBunch,
  stemlineMessages,
  decideChangeWeek,
  decideCreateStandingOrder,
  decideSetCard,
  decideSetStatus,
  defaultCard,
  decideSkipWeek,
  marketToday,
  MAIN_ADDRESS_KEY,
  standingOrderMessages,
  toEtaDate,
  type ChangeStandingOrderWeekArgs,
  type CreateStandingOrderArgs,
  type StandingDecision,
  type StandingOrder,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';
import type { CatalogRepository } from '../catalog/catalog-repository';
import { createDeliverableDates } from '../cart/deliverable-date';
import { createShipTo } from '../cart/ship-to';

/** How far ahead the page is told of closed days: a year's term and its first weeks' lead. */
const CLOSED_DAYS_AHEAD_WEEKS = 56;

/**
 * The standing-order rules behind `/api/standing_order/*` and the queued standing-order
 * mutations: the shared decision against the server's clock and `standing_order.disabled_weeks`,
 * then one write. A customer reaches only their own standing orders, charges them only to their
 * own saved cards and ships them only to their own addresses (another's key answers as no such
 * card or address). A new one must go to an address Stemline delivers to on its weekday, by the
 * rule an add to the cart applies (cart/deliverable-date.ts), refused in the same words: the
 * weekly run would otherwise make no order, week after week. Call inside a transaction.
 */
export function createStandingOrders(app: AppContext) {
  const { catalog, catalogEntities, cards, standingOrders: orders } = app.repos;
  const config = app.services.configLookups;
  const deliverable = createDeliverableDates(app);
  const shipTo = createShipTo(app.repos.addresses);
  const today = () => toEtaDate(marketToday(app.now()));
  const disabledWeeks = async () =>
    new Set((await config.disabledWeeks()).map((row) => row.week_start));
  const cardMissing = async (
    customerKey: string,
    cardKey: string,
  ): Promise<Outcome<StandingOrder> | null> =>
    (await cards.get(customerKey, cardKey))
      ? null
      : rejected('not_found', standingOrderMessages.cardNotFound);

  /**
   * Why a new standing order cannot ship to its address on its weekday: a key that is not one of
   * the customer's addresses, or an area not delivered that weekday (the first delivery date's).
   * No address named and no main address (a guest's) is left to each week's run to tell.
   */
  async function areaProblem(
    customerKey: string,
    args: CreateStandingOrderArgs,
  ): Promise<Outcome<StandingOrder> | null> {
    const address = await shipTo.resolve(customerKey, args.address ?? MAIN_ADDRESS_KEY);
    if (!address && args.address) return rejected('not_found', checkoutMessages.addressNotFound);
    const outside = await deliverable.outsideArea(
      customerKey,
      deliveryDateOf(args, args.start_week),
      address,
    );
    return outside ? rejected('invalid_args', outside) : null;
  }

  async function settle(
    customerKey: string,
    decision: StandingDecision,
    key: string,
  ): Promise<Outcome<StandingOrder>> {
    if (decision.kind === 'rejected') return rejected(decision.code, decision.message);
    if (decision.kind === 'unchanged') {
      const order = await orders.get(customerKey, key);
      return order ? applied(order, []) : rejected('not_found', standingOrderMessages.notFound);
    }
    await orders.save(customerKey, decision.order, await app.changes.next());
    return applied(decision.order, ['standing_orders']);
  }
  async function withOrder(
    customerKey: string,
    key: string,
    decide: (order: StandingOrder) => StandingDecision,
  ): Promise<Outcome<StandingOrder>> {
    const order = await orders.get(customerKey, key);
    if (!order) return rejected('not_found', standingOrderMessages.notFound);
    return settle(customerKey, decide(order), key);
  }

  return {
    list: (customerKey: string) => orders.list(customerKey),
    disabledWeeks,
    /** The no-delivery holidays from tomorrow through a year's standing order (56 weeks). */
    closedDays: async () => {
      const from = marketToday(app.now()).add({ days: 1 });
      const holidays = await catalogEntities.holidays({
        from: toEtaDate(from),
        to: toEtaDate(from.add({ weeks: CLOSED_DAYS_AHEAD_WEEKS })),
      });
      return holidays
        .filter((holiday) => holiday.no_delivery)
        .map(({ date, name }) => ({ date, name }));
    },
    deliveries: async (customerKey: string) =>
      comingDeliveries(await orders.list(customerKey), today()),
    create: async (
      customerKey: string,
      args: CreateStandingOrderArgs,
    ): Promise<Outcome<StandingOrder>> => {
      for (const item of args.items) {
        const variety = await catalog.variety(item.variety_key);
        if (!variety) return rejected('not_found', standingOrderMessages.itemNotOnOrder);
        item.variety_name = variety.name;
      }
      const problem =
        (await checkCustomBoxes(catalog, args)) ?? (await areaProblem(customerKey, args));
      if (problem) return problem;
      if (args.card_key) {
        const missing = await cardMissing(customerKey, args.card_key);
        if (missing) return missing;
      } else {
        const saved = await cards.list(customerKey);
        args.card_key = defaultCard(saved, marketToday(app.now()))?.key ?? null;
      }
      const decision = decideCreateStandingOrder(await orders.list(customerKey), args, {
        today: today(),
        disabledWeeks: await disabledWeeks(),
        nowMs: app.now(),
      });
      return settle(customerKey, decision, args.key);
    },
    setStatus: (customerKey: string, key: string, status: StandingOrder['status']) =>
      withOrder(customerKey, key, (order) => decideSetStatus(order, status, app.now())),
    setCard: async (
      customerKey: string,
      key: string,
      cardKey: string,
    ): Promise<Outcome<StandingOrder>> =>
      (await cardMissing(customerKey, cardKey)) ??
      withOrder(customerKey, key, (order) => decideSetCard(order, cardKey, app.now())),
    skipWeek: async (customerKey: string, key: string, week: number, skip: boolean) => {
      const context = { today: today(), disabledWeeks: await disabledWeeks(), nowMs: app.now() };
      return withOrder(customerKey, key, (order) => decideSkipWeek(order, week, skip, context));
    },
    changeWeek: (customerKey: string, args: ChangeStandingOrderWeekArgs) =>
      withOrder(customerKey, args.key, (order) =>
        decideChangeWeek(order, args, { today: today(), nowMs: app.now() }),
      ),
  };
}

/**
 * Fills in the farm and flower names of the new standing order's custom boxes, and refuses a
 * farm or flower not in the catalogue, or a box that would be over 100% full with the bunch
 * sizes of its farm's rows of the first delivery date (a flower not offered that date is
 * checked by each week's run instead). Null when the boxes are fine.
 */
async function checkCustomBoxes(
  catalog: CatalogRepository,
  args: CreateStandingOrderArgs,
): Promise<Outcome<StandingOrder> | null> {
  const firstDelivery = deliveryDateOf(args, args.start_week);
  for (const box of args.custom_boxes ?? []) {
    const grower = await catalog.grower(box.grower_key);
    if (!grower) return rejected('not_found', standingOrderMessages.boxFarmNotFound);
    box.grower_name = grower.grower_name;
    let fill = 0;
    for (const item of box.items) {
      const variety = await catalog.variety(item.variety_key);
      if (!variety) return rejected('not_found', standingOrderMessages.itemNotOnOrder);
      item.variety_name = variety.name;
      const row = await catalog.findOffer(
        item.variety_key,
        box.grower_key,
        item.length,
        firstDelivery,
      );
      if (row) fill += item.bunches * percentPerBunch(row);
    }
    if (fill > 100 + 1e-9)
      return rejected('invalid_args', stemlineMessages.boxFull(Math.round(fill)));
  }
  return null;
}
