import { stemlineMessages } from '@stemline/shared';

/**
 * Expected failures a caller can act on, thrown where no rule returns an `Outcome` (a bad body,
 * a missing session, a call the caller may not make). http/http-status.ts maps each code to a
 * status, the same table as a rejection's.
 */
export type DomainErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A request body over the size limit, whoever found it (json-body.ts, Koa's body parser). */
export function payloadTooLarge(): DomainError {
  return new DomainError('payload_too_large', stemlineMessages.requestTooLarge);
}
