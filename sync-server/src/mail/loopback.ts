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

/** Headers a reverse proxy adds to what it passes on; a developer's own browser sends none. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
] as const;

/**
 * True for the operator's own request on this machine, for the dev tools (the dev mailbox, the
 * test clock): over loopback, and not passed on by a reverse proxy. A proxy on the same machine
 * connects over loopback for every stranger it serves, so a request bearing a proxy's
 * forwarding header is refused, and so is every request when the operator says a proxy stands
 * in front (TRUSTED_PROXY_HOPS > 0).
 */
export function isOperatorRequest(ctx: Context, trustedProxyHops: number): boolean {
  return (
    trustedProxyHops === 0 &&
    isLoopbackRequest(ctx) &&
    FORWARDING_HEADERS.every((header) => ctx.get(header) === '')
  );
}
