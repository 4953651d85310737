import { stemlineMessages } from '@stemline/shared';

/** Expected failures a caller can act on; the error middleware maps each code to a status. */
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

export const statusByCode: Record<DomainErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
};

/** A request body over the size limit, whoever found it (json-body.ts, Koa's body parser). */
export function payloadTooLarge(): DomainError {
  return new DomainError('payload_too_large', stemlineMessages.requestTooLarge);
}
