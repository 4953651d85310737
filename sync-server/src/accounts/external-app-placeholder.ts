import Router from '@koa/router';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2a24}';

const PAGE = (title: string, text: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/admin/placeholder.css">
</head><body><h1>${title}</h1><p>${text}</p><p><a href="/shopping/home">Back to the shop</a></p></body></html>`;

/**
 * Stand-ins for the external admin application (ADMIN_APP_URL) and the grower price-comparison
 * page (GROWER_PRICE_COMPARISON_URL) that non-florists are sent to (spec §4, §6). They are not
 * part of this product; deployments point those settings at the real applications.
 */
export function externalAppPlaceholderRoutes(): Router {
  const router = new Router();
  // A file of its own: the Content-Security-Policy (http/security-headers.ts) refuses inline styles.
  router.get('/admin/placeholder.css', (ctx) => {
    ctx.type = 'text/css';
    ctx.body = STYLE;
  });
  router.get('/admin/grower/price-comparison', (ctx) => {
    ctx.type = 'html';
    ctx.body = PAGE(
      'Grower price comparison',
      'This is where the external grower price-comparison page of the admin application opens.',
    );
  });
  router.get(['/admin', '/admin/'], (ctx) => {
    ctx.type = 'html';
    ctx.body = PAGE(
      'Stemline admin',
      'This is where the external admin application for growers and managers opens.',
    );
  });
  return router;
}
