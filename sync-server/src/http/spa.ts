import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

/** Source maps carry the original TypeScript: never served, even from a dist built with them. */
function isSourceMapPath(rawPath: string): boolean {
  let decoded = rawPath;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape names no file koa-send could open either; the raw path is checked.
  }
  return /\.map$/i.test(rawPath) || /\.map$/i.test(decoded.trim());
}

/**
 * Serves the built PWA: hashed assets cached for a year, the service worker and the HTML never
 * cached, source maps refused with 404, and any other GET that is not an API call answered with
 * index.html (client routing).
 */
export function serveSpa(distDir: string): Middleware {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) {
      await next();
      return;
    }
    if (isSourceMapPath(ctx.path)) {
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
    await send(ctx, 'index.html', { root: distDir });
  };
}
