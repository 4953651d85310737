import { z } from 'zod';
import { messages, stemlineMessages } from '@stemline/shared';
import { DomainError, payloadTooLarge } from '../kernel/domain-error';
import { HTTP_STATUS, httpStatusOf } from './http-status';

/** The spec's failure answer: `{ success: false, error }`, with a code and zod issues when known. */
export interface ErrorBody {
  success: false;
  error: string;
  code?: string;
  issues?: { path: string; message: string }[];
}

/** A failure's answer; `closeConnection` asks the caller to answer with `Connection: close`. */
export interface FailureAnswer {
  status: number;
  body: ErrorBody;
  unexpected: boolean;
  closeConnection: boolean;
}

/**
 * What a failure answers (error-middleware.ts), the same for every route, the sync push included.
 * Domain errors and validation errors say what was wrong; anything else is a broken invariant
 * (`unexpected`: the caller logs it) and the client only learns 'Server error'.
 * A body over the size limit answers 413 `payload_too_large` with one text whoever refused it
 * (json-body.ts for the push, Koa's body parser's HttpError for every other route), and closes
 * the connection: the rest of that body is never read, and closing at once ends the client's
 * upload instead of leaving it stalled on the socket until the server's keep-alive timeout.
 */
export function errorAnswer(error: unknown): FailureAnswer {
  if (error instanceof DomainError) {
    return {
      status: httpStatusOf(error.code),
      body: { success: false, error: error.message, code: error.code },
      unexpected: false,
      closeConnection: error.code === 'payload_too_large',
    };
  }
  // The core class: schemas of zod/mini (the PWA's first screen's, issue 28) throw it too.
  if (error instanceof z.core.$ZodError) {
    return {
      status: 400,
      body: {
        success: false,
        error: stemlineMessages.invalidRequest,
        code: 'invalid_request',
        issues: error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        })),
      },
      unexpected: false,
      closeConnection: false,
    };
  }
  if (isHttpError(error) && error.status === HTTP_STATUS.payload_too_large) {
    return errorAnswer(payloadTooLarge());
  }
  if (isHttpError(error) && error.status < 500) {
    const unauthorized = error.status === 401;
    return {
      status: error.status,
      body: {
        success: false,
        error: unauthorized ? stemlineMessages.unauthorized : error.message,
        code: unauthorized ? 'unauthorized' : 'invalid_request',
      },
      unexpected: false,
      closeConnection: false,
    };
  }
  return {
    status: 500,
    body: { success: false, error: messages.serverError },
    unexpected: true,
    closeConnection: false,
  };
}

function isHttpError(error: unknown): error is { status: number; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
  );
}
