import { marketToday, toEtaDate } from '../dates';
import type { MutationArgs } from '../mutations/mutation-definitions';
import {
  decideChangeWeek,
  decideCreateStandingOrder,
  decideSetCard,
  decideSetStatus,
  decideSkipWeek,
  type StandingDecision,
} from '../rules/standing-orders';
import type { StandingOrder } from '../schemas/standing-orders';
import type { OverlayEntry } from './queued-mutation';

/** A standing order as the buyer sees it; `pending` while a queued change is unconfirmed. */
export type VisibleStandingOrder = StandingOrder & { pending: boolean };
export type StandingOrdersOverlay = Map<string, VisibleStandingOrder>;

export function standingOrdersOverlay(pulled: readonly StandingOrder[]): StandingOrdersOverlay {
  return new Map(pulled.map((order) => [order.key, { ...order, pending: false }]));
}

/** The market day and time the buyer queued the change: the rules' "today" and "now". */
const when = (entry: OverlayEntry) => ({
  today: toEtaDate(marketToday(entry.createdAt)),
  nowMs: entry.createdAt,
});

function settle(
  orders: StandingOrdersOverlay,
  decision: StandingDecision,
  entry: OverlayEntry,
): void {
  if (decision.kind === 'changed')
    orders.set(decision.order.key, { ...decision.order, pending: entry.status === 'pending' });
}

/**
 * A creation queued offline shows at once. The device does not know
 * `standing_order.disabled_weeks` for sure, so it checks none: the server's answer (a refusal,
 * or the disabled weeks skipped) replaces it on the next pull.
 */
export function applyCreateStandingOrder(
  orders: StandingOrdersOverlay,
  args: MutationArgs<'create_standing_order'>,
  entry: OverlayEntry,
): void {
  settle(
    orders,
    decideCreateStandingOrder([...orders.values()], args, {
      ...when(entry),
      disabledWeeks: new Set(),
    }),
    entry,
  );
}

export function applySetStandingOrderStatus(
  orders: StandingOrdersOverlay,
  args: MutationArgs<'set_standing_order_status'>,
  entry: OverlayEntry,
): void {
  const order = orders.get(args.key);
  if (order) settle(orders, decideSetStatus(order, args.status, entry.createdAt), entry);
}

export function applySetStandingOrderCard(
  orders: StandingOrdersOverlay,
  args: MutationArgs<'set_standing_order_card'>,
  entry: OverlayEntry,
): void {
  const order = orders.get(args.key);
  if (order) settle(orders, decideSetCard(order, args.card_key, entry.createdAt), entry);
}

export function applySkipStandingOrderWeek(
  orders: StandingOrdersOverlay,
  args: MutationArgs<'skip_standing_order_week'>,
  entry: OverlayEntry,
): void {
  const order = orders.get(args.key);
  // The closed weeks are the server's to check (see applyCreateStandingOrder).
  const context = { ...when(entry), disabledWeeks: new Set<number>() };
  if (order) settle(orders, decideSkipWeek(order, args.week, args.skip, context), entry);
}

export function applyChangeStandingOrderWeek(
  orders: StandingOrdersOverlay,
  args: MutationArgs<'change_standing_order_week'>,
  entry: OverlayEntry,
): void {
  const order = orders.get(args.key);
  if (order) settle(orders, decideChangeWeek(order, args, when(entry)), entry);
}
