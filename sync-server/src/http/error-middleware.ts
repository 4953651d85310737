import type { Middleware } from 'koa';
import { errorAnswer } from './error-answer';

/**
 * Maps failures to the spec's answer shape `{ success: false, error }` (see error-answer.ts);
 * unexpected failures are reported on the app's 'error' event, which logs them. An answer that
 * left a request body unread (413) closes the connection.
 */
export const errorMiddleware: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    const answer = errorAnswer(error);
    if (answer.unexpected) ctx.app.emit('error', error, ctx);
    ctx.status = answer.status;
    if (answer.closeConnection) ctx.set('Connection', 'close');
    ctx.body = answer.body;
  }
};
