import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { stemlineMessages } from '@stemline/shared';
import { DomainError, payloadTooLarge } from '../kernel/domain-error';

/**
 * The largest JSON body any call accepts (1 MiB: a full outbox batch of what the app queues fits
 * many times over). A larger one is answered 413 `payload_too_large` on every route: here for
 * the sync push, through error-answer.ts for Koa's body parser.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body straight from the socket, for the sync push (and the photo upload,
 * with its own limit): the push carries every queued action, and the general body parser
 * (charset detection, decoding, a safe-JSON pass) cost a measurable share of each push
 * (scripts/bench/sync-bench.ts). Same contract as the parser it replaces there: JSON bodies
 * only, else an invalid request (400); more than `limitBytes`, whether the Content-Length
 * announces it (refused before reading a byte) or the stream delivers it, a `payload_too_large`
 * DomainError (413) with the rest left unread, so the answer closes the connection
 * (error-answer.ts `closeConnection`). The result is untrusted: callers parse it with their zod
 * schema, which copies only known keys, so a `__proto__` key in the text reaches nothing.
 */
export async function readJsonBody(
  req: IncomingMessage,
  limitBytes = MAX_JSON_BODY_BYTES,
): Promise<unknown> {
  if (!isJsonRequest(req.headers)) {
    throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
  }
  const declared = Number(req.headers['content-length'] || 0);
  if (declared > limitBytes) throw payloadTooLarge();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limitBytes) throw payloadTooLarge();
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks, length).toString('utf8')) as unknown;
  } catch {
    throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
  }
}

/**
 * Koa's `ctx.is('application/json')` (type-is) without Koa: the request announces a body
 * (Transfer-Encoding, or a numeric Content-Length) and its media type, before any parameter,
 * trimmed of spaces and tabs and lowercased, is exactly `application/json`.
 */
export function isJsonRequest(headers: IncomingHttpHeaders): boolean {
  const hasBody =
    headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(headers['content-length']));
  const contentType = headers['content-type'];
  if (!hasBody || !contentType) return false;
  const end = contentType.indexOf(';');
  const mediaType = (end === -1 ? contentType : contentType.slice(0, end)).replace(OWS_AT_ENDS, '');
  return mediaType.toLowerCase() === 'application/json';
}

const OWS_AT_ENDS = /^[ \t]+|[ \t]+$/g;
