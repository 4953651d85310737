import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type { FirstScreenPage } from './first-screen';

/** A request's path as sent and as decoded (what koa-send opens). */
function pathForms(rawPath: string): string[] {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape names no file koa-send could open either; the raw path is checked.
  }
  return [rawPath, decoded.trim()];
}

/** Source maps carry the original TypeScript: never served, even from a dist built with them. */
function isSourceMapPath(rawPath: string): boolean {
  return pathForms(rawPath).some((form) => /\.map$/i.test(form));
}

/** The server's renderer of first screens (first-screen.ts) is run, never served. */
function isRendererPath(rawPath: string): boolean {
  return pathForms(rawPath).some((form) => /^\/+ssr(\/|$)/i.test(path.posix.normalize(form)));
}

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and the HTML never
 * cached, source maps and the server's renderer (`ssr/`) refused with 404, and any other GET that
 * is not an API call answered with index.html (client routing), with a visitor's first screen in
 * it when `firstScreen` renders one (first-screen.ts).
 */
export function serveSpa(distDir: string, firstScreen?: FirstScreenPage): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) {
      await next();
      return;
    }
    if (isSourceMapPath(ctx.path) || isRendererPath(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body =
        'The PWA is not built yet: run `npm run build -w @stemline/pwa` (npm start does it).';
      return;
    }
    const file = path.join(distDir, path.normalize(ctx.path));
    const isAsset =
      ctx.path !== '/' && file.startsWith(distDir) && existsSync(file) && !ctx.path.endsWith('/');
    if (isAsset) {
      await send(ctx, ctx.path, {
        root: distDir,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader(
            'Cache-Control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    if (!firstScreen || ctx.method !== 'GET') {
      await send(ctx, 'index.html', { root: distDir });
      return;
    }
    const page = await readFile(indexFile, 'utf8');
    ctx.type = 'html';
    ctx.body = await firstScreen(page, ctx.path, ctx.querystring ? `?${ctx.querystring}` : '');
  };
}
