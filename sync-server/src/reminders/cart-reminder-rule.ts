/** How long a line sits in a cart without a checkout before the buyer is reminded. */
export const CART_HELD_MS = 24 * 3600_000;
/** The least time between two cart reminders to one customer. */
export const CART_REMINDER_GAP_MS = 24 * 3600_000;

/** A customer's live cart lines, summed up. */
export interface HeldCart {
  /** When the oldest live line was added (epoch ms). */
  oldestAddedAt: number;
  /** When any live line was last added or changed (epoch ms). */
  lastChangedAt: number;
}

/**
 * Whether a cart reminder is due at `nowMs`: a line has been in the cart for 24 hours without a
 * checkout (a checkout empties the cart), no reminder went out in the last 24 hours, and the
 * cart changed since the last reminder. So a cart left alone brings one reminder, not one a
 * day for ever; a buyer who keeps filling it without buying gets at most one a day.
 */
export function cartReminderDue(
  cart: HeldCart,
  lastReminderAt: number | undefined,
  nowMs: number,
): boolean {
  if (nowMs - cart.oldestAddedAt < CART_HELD_MS) return false;
  if (lastReminderAt === undefined) return true;
  return nowMs - lastReminderAt >= CART_REMINDER_GAP_MS && cart.lastChangedAt > lastReminderAt;
}
