import http from 'node:http';
import { createProxyServer } from 'http-proxy-3';

/**
 * A load balancer for trying several nodes on one machine: each request goes to the next node in
 * turn (round-robin), event streams included, which http-proxy-3 passes through unbuffered. It
 * adds X-Forwarded-For, so each node runs with TRUSTED_PROXY_HOPS=1. A node that does not answer
 * is a 502 for that request; the next request tries the next node.
 */
export function startRoundRobinProxy(
  targets: readonly string[],
  port: number,
  host: string,
): Promise<http.Server> {
  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  proxy.on('error', (_error, _req, res) => {
    if (res instanceof http.ServerResponse && !res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ success: false, error: 'No server node answered.' }));
    } else res.destroy();
  });
  const server = http.createServer((req, res) => {
    const target = targets[next % targets.length] ?? '';
    next += 1;
    proxy.web(req, res, { target });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
