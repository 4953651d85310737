import type { Middleware } from 'koa';
import { z } from 'zod';
import { messages, stemlineMessages } from '@stemline/shared';
import { DomainError, statusByCode } from './domain-error';

/**
 * Maps failures to the spec's answer shape `{ success: false, error }`. Domain errors and
 * validation errors say what was wrong; anything else is a broken invariant: logged, and the
 * client only learns 'Server error'.
 */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (error instanceof DomainError) {
      ctx.status = statusByCode[error.code];
      ctx.body = { success: false, error: error.message, code: error.code };
      return;
    }
    if (error instanceof z.ZodError) {
      ctx.status = 400;
      ctx.body = {
        success: false,
        error: stemlineMessages.invalidRequest,
        code: 'invalid_request',
        issues: error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        })),
      };
      return;
    }
    if (isHttpError(error) && error.status < 500) {
      ctx.status = error.status;
      ctx.body = {
        success: false,
        error: error.status === 401 ? stemlineMessages.unauthorized : error.message,
        code: error.status === 401 ? 'unauthorized' : 'invalid_request',
      };
      return;
    }
    ctx.app.emit('error', error, ctx);
    ctx.status = 500;
    ctx.body = { success: false, error: messages.serverError };
  }
};

function isHttpError(error: unknown): error is { status: number; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    typeof error.status === 'number'
  );
}
