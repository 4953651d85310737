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
  /** The customer has a main address on file (guests never do); it ships when none was chosen. */
  hasMainAddress?: boolean;
}

/**
 * Whether this buyer may place an order (spec §1, §4, §6). One address rule for everyone: no
 * order without a delivery address, the one chosen in the picker or else the main address. A
 * guest account is made from an email alone and has no main address (guests do not see it in the
 * picker), so a guest must choose one, and must also have confirmed its email. Null when the
 * order may go ahead.
 */
export function orderBlocker(buyer: OrderingBuyer): OrderBlocker | null {
  if (buyer.guest && !buyer.emailVerified)
    return { code: 'email_unverified', message: guestMessages.emailUnverified };
  const chosen = typeof buyer.actualAddress === 'string' && buyer.actualAddress.trim() !== '';
  const main = !buyer.guest && buyer.hasMainAddress === true;
  if (!chosen && !main) return { code: 'address_required', message: guestMessages.addressRequired };
  return null;
}
