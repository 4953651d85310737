import type { RejectionCode, SyncedCollection } from '@stemline/shared';

/**
 * The server's one vocabulary for what a rule decided. An expected refusal is a result, never
 * an exception: `Rejected`, with a code the push answers as it is and the REST edge maps to a
 * status (http/http-status.ts). A broken invariant throws; a caller's mistake found outside a
 * rule throws a `DomainError` (domain-error.ts), mapped by the same table.
 */
export interface Rejected {
  status: 'rejected';
  code: RejectionCode;
  message: string;
}

/** A rule that applied, with the synced collections it wrote (poked to the customer's devices). */
export interface AppliedChange {
  status: 'applied';
  message: string | null;
  touched: SyncedCollection[];
}

/** An applied rule and what it answers its REST call with. */
export interface Applied<T> extends AppliedChange {
  value: T;
}

/** What a rule decided: applied with a value, or rejected. Push handlers return it as it is. */
export type Outcome<T> = Applied<T> | Rejected;

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
