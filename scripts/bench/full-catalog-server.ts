import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marketToday, nextWeekdays, toEtaDate } from '@stemline/shared';
import { createServer, type StemlineServer } from '../../sync-server/src/app';
import { loadConfig } from '../../sync-server/src/config';

export interface FullCatalogServer {
  server: StemlineServer;
  /** The server's origin, without a trailing slash. */
  baseURL: string;
  /** The delivery date the browser benches open: the seventh market weekday from today. */
  date: number;
  /** Closes the server and removes its data folder. */
  stop: () => Promise<void>;
}

/**
 * The server a browser bench measures: a fresh data folder (named after `name`) seeded with the
 * full-scale catalogue and the demo accounts, serving the PWA build in `dist`, on BENCH_PORT or
 * a free port.
 */
export async function startFullCatalogServer(
  dist: string,
  name: string,
): Promise<FullCatalogServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `stemline-${name}-`));
  const server = await createServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: process.env.BENCH_PORT ?? '0',
      HOST: 'localhost',
      SEED_DEMO: '1',
      CATALOG_SCALE: 'full',
      PWA_DIST: path.resolve(dist),
    }),
  );
  const baseURL = (await server.listen()).replace(/\/$/, '');
  const date = nextWeekdays(marketToday(Date.now()), 10).map(toEtaDate)[6] ?? 0;
  return {
    server,
    baseURL,
    date,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
