import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { postgresBinDir } from '../../sync-server/src/test-support/postgres-cluster';

export interface LocalPostgres {
  /** `postgres://` URL of the `stemline` database. */
  url: string;
  stop(): void;
}

/**
 * A PostgreSQL server of Debian's binaries on `folder` (created with initdb the first time, so a
 * folder that already holds one keeps its data), listening on 127.0.0.1:`port` with trust
 * authentication for local connections only. PostgreSQL refuses to run as root: as root the
 * server runs as the `postgres` user.
 */
export function startLocalPostgres(folder: string, port: number): LocalPostgres {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const full = path.join(bin, command);
    return asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
  };
  const must = (command: string, args: string[]): void => {
    const result = run(command, args);
    if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
  };
  mkdirSync(folder, { recursive: true });
  chmodSync(folder, 0o755);
  if (asRoot) execFileSync('chown', ['postgres', folder]);
  const data = path.join(folder, 'data');
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    must('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  }
  must('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(folder, 'postgres.log'),
    '-w',
    '-o',
    `-p ${port} -k ${folder} -h 127.0.0.1`,
    'start',
  ]);
  const exists = run('psql', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-tAc',
    "SELECT 1 FROM pg_database WHERE datname = 'stemline'",
  ]);
  if (exists.stdout.trim() !== '1') {
    must('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'stemline']);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/stemline`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
  };
}
