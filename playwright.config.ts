import { existsSync } from 'node:fs';
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

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  webServer: {
    command: 'npx tsx e2e/support/e2e-server.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: 'localhost',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      SEED_DEMO: '1',
      CATALOG_SCALE: 'demo',
      STEMLINE_TEST_CLOCK: '1',
      // The whole suite signs in from one client address, each sign-in checking its email: far
      // more look-ups than a person makes (the limit itself is tested on the server).
      EMAIL_LOOKUPS_PER_CLIENT: '100000',
      // The accounts specs read mail through the dev mailbox (off unless asked for).
      DEV_MAILBOX: '1',
      // Lets parallel work build the PWA into its own folder (`vite build --outDir`).
      ...(process.env.PWA_DIST ? { PWA_DIST: process.env.PWA_DIST } : {}),
    },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
