import { guestMessages } from '../messages';

/** Why an order cannot be placed yet, in the spec's guest terms. */
export interface OrderBlocker {
  code: 'address_required' | 'email_unverified';
  message: string;
}

/** The buyer facts the order rule reads; the server and the app fill them from the same user. */
export interface OrderingBuyer {
  guest: boolean;
  /** The email's owner proved they read it (spec §4 preference `email_verified`). */
  emailVerified: boolean;
  /** `customer_actual_address`: the delivery address chosen for the order, if any. */
  actualAddress: string | null | undefined;
}

/**
 * Whether this buyer may place an order (spec §1, §4, §6). A guest account is made from an email
 * alone and has no main address (guests do not see it in the picker), so a guest orders only with
 * a confirmed email and a delivery address it chose. A full account orders as before, to the
 * address its checkout ships to. Null when the order may go ahead.
 */
export function orderBlocker(buyer: OrderingBuyer): OrderBlocker | null {
  if (!buyer.guest) return null;
  if (!buyer.emailVerified)
    return { code: 'email_unverified', message: guestMessages.emailUnverified };
  const chosen = typeof buyer.actualAddress === 'string' && buyer.actualAddress.trim() !== '';
  if (!chosen) return { code: 'address_required', message: guestMessages.addressRequired };
  return null;
}
