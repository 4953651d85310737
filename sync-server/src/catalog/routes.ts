import Router from '@koa/router';
import { etaDateSchema, type CatalogSnapshot } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createCatalogRepository } from './catalog-repository';

/** GET /api/catalog/:date — the whole catalog of one delivery date, for the device to cache. */
export function catalogRoutes(app: AppContext): Router {
  const router = new Router();
  const catalog = createCatalogRepository(app.db);

  router.get('/api/catalog/:date', (ctx) => {
    const date = etaDateSchema.parse(ctx.params.date);
    const read = app.db.transaction((): CatalogSnapshot => {
      const offers = catalog.offersForDate(date);
      const growerKeys = new Set(offers.map((offer) => offer.grower_key));
      return {
        date,
        version: app.changes.currentSeq(),
        generated_at: app.now(),
        growers: catalog.growers().filter((grower) => growerKeys.has(grower.key)),
        varieties: catalog.varietiesForDate(date),
        offers,
      };
    });
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = read();
  });

  return router;
}
