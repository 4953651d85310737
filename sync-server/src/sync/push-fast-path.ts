import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PushAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { bearerToken, customerOfClaims, type Authenticator } from '../auth/bearer-auth';
import { createProofCheckedPush } from '../auth/mailbox-proof';
import { errorAnswer, type ErrorBody } from '../http/error-answer';
import { readJsonBody } from '../http/json-body';
import { stampServerTime } from '../http/server-time';
import { createPushRequestHandler } from './push-request';
import { SYNC_PUSH_PATH } from './routes';

/**
 * True for `POST /api/sync/push` (any query string): the requests the fast path serves. Every
 * other request, including other spellings of the path, goes to Koa, whose push route answers
 * the same way.
 */
export function isPushRequest(req: IncomingMessage): boolean {
  if (req.method !== 'POST' || req.url === undefined) return false;
  const query = req.url.indexOf('?');
  return (query === -1 ? req.url : req.url.slice(0, query)) === SYNC_PUSH_PATH;
}

/**
 * Serves the sync push straight from node's http server, without Koa: it carries every queued
 * action, and Koa's context, middleware chain and router were a measurable share of each push
 * (scripts/bench/sync-bench.ts). Same contract as the Koa route it stands in for, built from the
 * same parts: the bearer check (`auth`, whose cache and session check Koa's gate shares), the
 * customer check, the JSON body reader, the zod-validated push (push-request.ts) and the failure
 * answers of error-middleware.ts (error-answer.ts); every answer carries `X-Server-Time` like
 * Koa's.
 * Push answers are never compressed (a few hundred bytes per mutation). A body over the limit
 * is answered 413 before the rest of it is read, with `Connection: close` as Koa's answer has:
 * node then closes the socket once the answer is out. `onError` receives unexpected failures,
 * as Koa's 'error' event does.
 */
export function createPushFastPath(options: {
  app: AppContext;
  auth: Authenticator;
  onError: (error: unknown) => void;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const { app, auth, onError } = options;
  const handlePush = createProofCheckedPush(app, createPushRequestHandler(app));
  const answer = async (req: IncomingMessage): Promise<PushAnswer> => {
    const claims = auth.authenticate(bearerToken(req.headers.authorization));
    return handlePush(claims, customerOfClaims(claims), await readJsonBody(req));
  };
  return (req, res) => {
    stampServerTime(res, app.now);
    answer(req).then(
      (body) => sendJson(res, 200, body),
      (error: unknown) => {
        const failure = errorAnswer(error);
        if (failure.unexpected) onError(error);
        sendJson(res, failure.status, failure.body, failure.closeConnection);
      },
    );
  };
}

/**
 * Ends the answer with one write of headers and body (Content-Length, no chunking), as Koa
 * answers a JSON body; nothing is sent once the answer ended or its socket can no longer write.
 * `closeConnection` adds `Connection: close` (node then closes the socket after the answer).
 */
function sendJson(
  res: ServerResponse,
  status: number,
  body: PushAnswer | ErrorBody,
  closeConnection = false,
): void {
  if (res.writableEnded || res.socket?.writable === false) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  if (closeConnection) res.setHeader('Connection', 'close');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
