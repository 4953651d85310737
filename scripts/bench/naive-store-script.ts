import path from 'node:path';
import { fileURLToPath } from 'node:url';
// esbuild comes with tsx and vite; it bundles the store with Dexie for the page.
import { build } from 'esbuild';

/** The page's localStorage key that picks the naive store; catalog-bench.ts sets and removes it. */
export const NAIVE_STORAGE_KEY = 'stemline.catalogStorage';

/**
 * A script for `BrowserContext.addInitScript` that, on a page whose localStorage says `naive`,
 * injects the naive catalogue store (naive-catalog-store.ts, bundled with Dexie) before the app
 * starts. On every other page it runs nothing but the check, so the compact store's runs carry
 * none of the baseline's code.
 */
export async function naiveStoreInitScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'naive-catalog-store.ts'),
    ],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  const code = bundled.outputFiles[0]?.text ?? '';
  return `(() => {
  let naive = false;
  try {
    naive = localStorage.getItem(${JSON.stringify(NAIVE_STORAGE_KEY)}) === 'naive';
  } catch {
    // A page without storage (about:blank) shows no catalogue.
  }
  if (naive) {
${code}
  }
})();`;
}
