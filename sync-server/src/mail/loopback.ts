import type { Context } from 'koa';

/**
 * True for an address of the loopback interface: 127.0.0.0/8, `::1`, and 127.x written as an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, how a dual-stack socket reports it).
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:')
    ? address.slice('::ffff:'.length)
    : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/**
 * True when the request came in over the loopback interface, judged by the socket's own peer
 * address. Headers such as X-Forwarded-For are never read: anyone can send them.
 */
export function isLoopbackRequest(ctx: Context): boolean {
  return isLoopbackAddress(ctx.req.socket.remoteAddress);
}
