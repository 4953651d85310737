import { accountMessages, messages, stemlineMessages } from '@stemline/shared';
import type { CheckedResult } from '../../api/checked-call';

/** Where a log-in was started: the cart flow (a visitor adding to cart or checking out), or not. */
export type LoginFlow = 'cart' | 'other';

/**
 * The flow of a log-in: the cart flow when it was opened for it (a visitor's add to cart), or
 * when it was opened on the checkout (spec §2 /checkout route); any other log-in is 'other'.
 */
export function loginFlowAt(pathname: string, openedFor: LoginFlow = 'other'): LoginFlow {
  const onCheckout = pathname === '/checkout' || pathname.startsWith('/checkout/');
  return openedFor === 'cart' || onCheckout ? 'cart' : 'other';
}

/**
 * The toast of a failed log-in (spec §8 'Login failure'): the server's error text when it gave
 * one, else 'unable to login' in the cart flow and 'An error ocurred with login' elsewhere. A
 * missing network says so, and a 500 stays 'Server error' (spec §7 client wrapper).
 */
export function loginFailureText(
  answer: CheckedResult<{ error?: string | null | undefined }>,
  flow: LoginFlow,
): string {
  const fallback = flow === 'cart' ? accountMessages.unableToLogin : messages.loginFailed;
  if (answer.ok) return answer.data.error || fallback;
  if (answer.offline) return stemlineMessages.networkNeeded;
  if (answer.data?.error) return answer.data.error;
  // The client wrapper's 'Server error' stands for a body without text unless the status was 500.
  if (answer.error === messages.serverError && answer.status < 500) return fallback;
  return answer.error || fallback;
}
