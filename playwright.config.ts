import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
// Without E2E_DATA_DIR the server makes a temporary data folder and removes it when it stops.
const dataDir = process.env.E2E_DATA_DIR;

/** Debian's Chromium unless CHROMIUM_PATH says otherwise; Playwright's own browser as a last resort. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

const executablePath = chromiumPath();

export const chromiumLaunchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The suite runs as two lanes, each a server of its own (own port, own data folder, own clock)
 * and one worker: specs share a server's demo accounts, carts and clock, so within a lane they
 * run one at a time, while the two lanes overlap. A spec goes to a lane by its place in the
 * sorted list of spec files, so a new spec needs no registration.
 */
const lanes = [port, Number(process.env.E2E_PORT2 ?? port + 1000)].map((lanePort, lane) => ({
  lane,
  port: lanePort,
  dataDir: dataDir === undefined ? undefined : lane === 0 ? dataDir : `${dataDir}-lane2`,
}));
const specs = readdirSync(new URL('./e2e', import.meta.url))
  .filter((file) => file.endsWith('.spec.ts'))
  .sort();
const specsOfLane = (lane: number) =>
  specs.filter((_, index) => index % lanes.length === lane).map((file) => `**/e2e/${file}`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: lanes.length,
  retries: 0,
  reporter: 'list',
  use: {
    launchOptions: chromiumLaunchOptions,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the
    // screencast: recording every frame as a picture cost the whole suite about 40% of its CPU
    // (catalog-ui alone: 127-149 CPU-seconds with it, 85 without; 72 s wall against 54).
    trace: { mode: 'retain-on-failure', screenshots: false },
    serviceWorkers: 'allow',
  },
  projects: lanes.map(({ lane, port: lanePort }) => ({
    name: `lane${lane + 1}`,
    testMatch: specsOfLane(lane),
    workers: 1,
    use: { baseURL: `http://localhost:${lanePort}` },
  })),
  webServer: lanes.map(({ port: lanePort, dataDir: laneDir }) => ({
    command: 'npx tsx e2e/support/e2e-server.ts',
    url: `http://localhost:${lanePort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(lanePort),
      HOST: 'localhost',
      ...(laneDir ? { DATA_DIR: laneDir } : {}),
      SEED_DEMO: '1',
      CATALOG_SCALE: 'demo',
      STEMLINE_TEST_CLOCK: '1',
      // The whole suite signs in from one client address, each sign-in checking its email: far
      // more look-ups than a person makes (the limit itself is tested on the server).
      EMAIL_LOOKUPS_PER_CLIENT: '100000',
      // And it makes far more accounts from that one address (a sign-up or a guest per spec) than
      // a shop makes in an hour (the limit itself is tested on the server).
      NEW_ACCOUNTS_PER_CLIENT: '100000',
      // The accounts specs read mail through the dev mailbox (off unless asked for).
      DEV_MAILBOX: '1',
      // Lets parallel work build the PWA into its own folder (`vite build --outDir`).
      ...(process.env.PWA_DIST ? { PWA_DIST: process.env.PWA_DIST } : {}),
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  })),
});
