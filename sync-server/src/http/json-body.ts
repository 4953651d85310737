import type { Context } from 'koa';
import { stemlineMessages } from '@stemline/shared';
import { DomainError } from './domain-error';

/** The largest JSON body any call accepts (1 MiB: a full outbox batch fits many times over). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body straight from the socket, for the sync push alone: it carries every
 * queued action, and the general body parser (charset detection, decoding, a safe-JSON pass)
 * cost a measurable share of each push (scripts/bench/sync-bench.ts). Same contract as the
 * parser it replaces there: JSON bodies only, at most `limitBytes`; anything else is an invalid
 * request. The result is untrusted: callers parse it with their zod schema, which copies only
 * known keys, so a `__proto__` key in the text reaches nothing.
 */
export async function readJsonBody(
  ctx: Context,
  limitBytes = MAX_JSON_BODY_BYTES,
): Promise<unknown> {
  if (!ctx.is('application/json')) {
    throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
  }
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > limitBytes) {
    throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > limitBytes) {
      throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks, length).toString('utf8')) as unknown;
  } catch {
    throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
  }
}
