import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPostgres, postgresDatabaseOf } from './test-database';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the process has exited, with its signal. */
  exited: Promise<NodeJS.Signals | null>;
  /** SIGKILL: no shutdown handler runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM: the normal shutdown. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs the real server entry point (`sync-server/src/main.ts`) in a child process on `dataDir`.
 * It is started as `node --import tsx` rather than through `npx tsx`, so the process this helper
 * signals is the one holding the database (npx and the tsx CLI would each add a parent that a
 * SIGKILL would stop instead). In `npm run test:pg` it runs on the PostgreSQL database of
 * `dataDir` (`postgresDatabaseOf`), as a test server on that folder would; `env` may name
 * another `DATABASE_URL`.
 */
export async function startServerProcess(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('sync-server', 'src', 'main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        SEED_DEMO: '1',
        CATALOG_SCALE: 'demo',
        PWA_DIST: path.join(options.dataDir, 'no-pwa-dist'),
        ...(onPostgres ? { DATABASE_URL: await postgresDatabaseOf(options.dataDir) } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 20_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited during start:\n${output}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('server process has no pid');
  const signal = async (name: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, pid, exited, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}
