import type { RejectionCode, SyncedCollection } from '@stemline/shared';

/** What a checkout, order or favourite rule decided: the shape the push handlers also return. */
export type Outcome<T> =
  | { status: 'applied'; value: T; message: string | null; touched: SyncedCollection[] }
  | { status: 'rejected'; code: RejectionCode; message: string };

export function applied<T>(
  value: T,
  touched: SyncedCollection[],
  message: string | null = null,
): Outcome<T> {
  return { status: 'applied', value, message, touched };
}

export function rejected<T = never>(code: RejectionCode, message: string): Outcome<T> {
  return { status: 'rejected', code, message };
}

/** HTTP status of a rejection answered over REST: the caller's mistake, a missing thing, or a clash. */
export function httpStatusOf(code: RejectionCode): number {
  switch (code) {
    case 'invalid_args':
    case 'invalid_quantity':
    case 'card_unusable':
    case 'address_required':
      return 400;
    case 'email_unverified':
      return 403;
    case 'not_found':
    case 'offer_not_found':
      return 404;
    default:
      return 409;
  }
}
