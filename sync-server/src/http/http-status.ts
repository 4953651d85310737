import type { RejectionCode } from '@stemline/shared';
import type { DomainErrorCode } from '../kernel/domain-error';

/** Every code a failure can carry: a thrown `DomainError`'s, or a rule's rejection's. */
export type FailureCode = DomainErrorCode | RejectionCode;

/**
 * The one map from a failure's code to the HTTP status a REST call answers it with: the
 * caller's mistake (400), a session that may not (401/403), a missing thing (404), a clash with
 * the current state: stock, the cart, a box, another write (409), too big (413), too often (429).
 * The push answers rejections in its results instead, with no status of their own.
 */
export const HTTP_STATUS = {
  invalid_request: 400,
  invalid_args: 400,
  invalid_quantity: 400,
  card_unusable: 400,
  address_required: 400,
  unauthorized: 401,
  forbidden: 403,
  email_unverified: 403,
  not_found: 404,
  offer_not_found: 404,
  conflict: 409,
  sold_out: 409,
  box_limit: 409,
  box_full: 409,
  box_closed: 409,
  cart_empty: 409,
  products_removed: 409,
  payload_too_large: 413,
  rate_limited: 429,
} as const satisfies Record<FailureCode, number>;

export function httpStatusOf(code: FailureCode): number {
  return HTTP_STATUS[code];
}
