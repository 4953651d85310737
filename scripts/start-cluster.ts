/**
 * `npm run start:cluster`: Stemline on PostgreSQL with two server nodes behind a round-robin
 * proxy, on one machine, for a person to try what docs/deployment.md describes.
 *
 *   CLUSTER_PORT       the proxy's port (default 8080): open http://localhost:8080
 *   CLUSTER_DATA_DIR   keep PostgreSQL's data and the uploaded files there across runs;
 *                      without it everything lives in a temporary folder deleted on exit
 *   HOST               the proxy's address (default localhost)
 *
 * The nodes listen on 127.0.0.1 only, on two free ports, with TRUSTED_PROXY_HOPS=1; they share
 * one data folder for uploaded files, as nodes on several machines would share a volume. Other
 * variables (SEED_DEMO, CATALOG_SCALE, SMTP_URL…) reach both nodes. Build the PWA first
 * (`npm run build -w @stemline/pwa`) to get the app as well as the API. Ctrl-C stops it all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalPostgres } from './cluster/postgres-server';
import { startRoundRobinProxy } from './cluster/round-robin-proxy';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODES = 2;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One server node; resolves with its URL once it says it is running. */
function startNode(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('sync-server', 'src', 'main.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(prefix(chunk));
      const match = /running at (http:\/\/\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code}`)));
  });
}

const keep = process.env.CLUSTER_DATA_DIR;
const folder = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'stemline-cluster-'));
mkdirSync(folder, { recursive: true });
// As root, PostgreSQL runs as the `postgres` user, who must be able to reach its folder inside.
chmodSync(folder, 0o755);
const children: ChildProcess[] = [];
let stopPostgres = (): void => undefined;
let stopProxy = (): void => undefined;

let stopping = false;
async function stopAll(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  stopProxy();
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  stopPostgres();
  if (!keep) rmSync(folder, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const postgres = startLocalPostgres(path.join(folder, 'postgres'), await freePort());
  stopPostgres = () => postgres.stop();
  console.log(`PostgreSQL is running (${postgres.url}, data in ${folder})`);
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: path.join(folder, 'files'),
    TRUSTED_PROXY_HOPS: '1',
  };
  if (!existsSync(process.env.PWA_DIST ?? path.join(root, 'pwa', 'dist'))) {
    console.log('No PWA build: the nodes serve the API only (npm run build -w @stemline/pwa).');
  }
  const urls: string[] = [];
  // One after the other: the first brings the schema and the seed data up to date.
  for (let index = 1; index <= NODES; index += 1) {
    const node = await startNode(`node ${index}`, await freePort(), env);
    children.push(node.child);
    node.child.once('exit', (code, signal) => {
      if (!stopping)
        console.error(`node ${index} stopped (${signal ?? code}); the other serves on`);
    });
    urls.push(node.url);
  }
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.CLUSTER_PORT ?? 8080);
  const proxy = await startRoundRobinProxy(urls, port, host);
  stopProxy = () => proxy.close();
  console.log(`Stemline cluster is running at http://${host}:${port} (nodes ${urls.join(', ')})`);
  console.log('Press Ctrl-C to stop the proxy, both nodes and PostgreSQL.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
