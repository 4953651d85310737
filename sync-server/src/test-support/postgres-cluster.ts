import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for one test file: its own data folder and port, started with
 * Debian's binaries, stopped and deleted by `stop()`. Real PostgreSQL, not a stand-in: the
 * engine tests and the two-node tests run against it.
 *
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
 * (`runuser`); as any other user it runs as that user. Trust authentication on 127.0.0.1 only.
 */
export interface PostgresCluster {
  /** A `postgres://` URL of a fresh database on this cluster. */
  url: string;
  /** Creates another empty database on the same cluster and returns its URL. */
  createDatabase: (name: string) => string;
  stop: () => void;
}

/** Debian installs the binaries under /usr/lib/postgresql/<major>/bin; PG_BIN overrides. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .map(Number)
    .filter((major) => Number.isInteger(major))
    .sort((a, b) => b - a);
  const major = majors[0];
  return major === undefined ? null : path.join(root, String(major), 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    const full = path.join(bin, command);
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', full, ...args]]
      : [full, args];
    execFileSync(file, argv, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stemline-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    // A test cluster: no fsync, a socket folder of its own, loopback only.
    `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const createDatabase = (name: string): string => {
    if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`bad database name: ${name}`);
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    return urlOf(name);
  };
  return {
    url: createDatabase('stemline'),
    createDatabase,
    stop: () => {
      const full = path.join(bin, 'pg_ctl');
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      if (asRoot) spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
      else spawnSync(full, args, { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
