/**
 * The JavaScript a visitor's first screen loads, read from a build's Vite manifest
 * (`vite build --manifest`, dist/.vite/manifest.json): index.html's entry (main.tsx) and what it
 * imports statically, and the app it always loads next (`import('./boot')` in main.tsx) with its
 * static imports. Chunks reached only by a dynamic import (lazy routes, the account database and
 * sync, which load once a session exists) are not counted, nor those the app fetches beside its
 * first render without waiting for them (the welcome and log-in modals, the toast region, the
 * start schemas: docs/performance.md gives their size). Plus public/first-view.js, the classic
 * script index.html runs first. Each file counts with its gzip size (level 9), so the figure is a
 * property of the build alone, whatever the server sends or the machine's load.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Modules main.tsx imports dynamically on every start (in this order), so the first screen. */
const ALWAYS_LOADED = ['src/start/react-part.ts', 'src/start/kit-part.ts', 'src/boot.tsx'];
/** Classic scripts index.html runs before the app (served as they are from public/). */
const CLASSIC_SCRIPTS = ['first-view.js'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface CriticalJs {
  /** Sum of the gzip sizes of `files`. */
  gzipBytes: number;
  /** Each file of the first screen (path in dist) and its gzip size, largest first. */
  files: { file: string; gzipBytes: number }[];
}

/** Gzip size (level 9) of a file in the built PWA. */
export function gzipBytesOf(dist: string, file: string): number {
  return gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}

/** The first screen's JavaScript of the build in `dist` (which must hold .vite/manifest.json). */
export function criticalJs(dist: string): CriticalJs {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build with \`vite build --manifest\``);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  // A build from before the first screen came in parts has boot.tsx alone.
  for (const key of ALWAYS_LOADED) if (key === 'src/boot.tsx' || manifest[key]) visit(key);
  const files = [
    ...[...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js')),
    ...CLASSIC_SCRIPTS.filter((file) => existsSync(path.join(dist, file))),
  ]
    .map((file) => ({ file, gzipBytes: gzipBytesOf(dist, file) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}
