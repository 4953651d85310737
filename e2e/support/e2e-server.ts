/**
 * Playwright's web server: the sync server on a data folder of its own. Without DATA_DIR it makes
 * a fresh temporary folder and removes it when the server exits (Playwright stops it with SIGTERM,
 * and the server's shutdown ends the process), so test runs leave no databases behind. A DATA_DIR
 * given by the caller (E2E_DATA_DIR) is theirs and is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const given = process.env.DATA_DIR;
const dataDir = given ?? mkdtempSync(path.join(os.tmpdir(), 'stemline-e2e-'));
process.env.DATA_DIR = dataDir;
if (given === undefined) {
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// Through a URL, so the e2e type check does not pull the server's sources in.
const serverEntry = new URL('../../sync-server/src/main.ts', import.meta.url).href;
await import(serverEntry);
