import type { IncomingMessage } from 'node:http';
import type { PartBody } from './chunked-uploads';

/**
 * Reads one part of a chunked upload from the socket, whatever its content type (the server
 * decides the type from the content, later). More than `limit` bytes, announced by
 * Content-Length or delivered, is `too_large` and the rest is left unread; a client that goes
 * away mid-body is `interrupted`, and nothing of that part counts.
 */
export async function readPartBody(req: IncomingMessage, limit: number): Promise<PartBody> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return { kind: 'too_large' };
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > limit) return { kind: 'too_large' };
      chunks.push(chunk);
    }
  } catch {
    return { kind: 'interrupted' };
  }
  // A body shorter than it announced was cut off on the way.
  if (req.readableAborted || (declared > 0 && length < declared)) return { kind: 'interrupted' };
  return { kind: 'bytes', bytes: Buffer.concat(chunks, length) };
}
