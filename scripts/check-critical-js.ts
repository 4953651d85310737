/**
 * `npm run check:critical-js [dist]`: fails when the JavaScript a visitor's first screen loads
 * is over CRITICAL_JS_LIMIT_BYTES gzipped (issue 28), and lists its files. `dist` is a build made
 * with `vite build --manifest` (default pwa/dist; `npm run build -w @stemline/pwa` makes one).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { criticalJs } from './bench/critical-js';

/** 170 KB (KiB, as the 403 KB of today counts them). */
export const CRITICAL_JS_LIMIT_BYTES = 170 * 1024;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(repoRoot, 'pwa', 'dist'));
const { gzipBytes, files } = criticalJs(dist);
console.table(files);
const verdict = gzipBytes <= CRITICAL_JS_LIMIT_BYTES ? 'within' : 'OVER';
console.log(
  `criticalJsGzipBytes ${gzipBytes} (${(gzipBytes / 1024).toFixed(1)} KiB): ${verdict} the limit of ${CRITICAL_JS_LIMIT_BYTES}`,
);
if (gzipBytes > CRITICAL_JS_LIMIT_BYTES) process.exitCode = 1;
