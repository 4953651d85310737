import type { ServerResponse } from 'node:http';

/**
 * Stamps an answer with the server's clock (`X-Server-Time`, epoch ms), which the PWA reads to
 * keep its own clock in step (pwa/src/api/server-clock.ts); every answer carries it, failures too.
 */
export function stampServerTime(res: ServerResponse, now: () => number): void {
  res.setHeader('X-Server-Time', String(now()));
}
