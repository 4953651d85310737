import Router from '@koa/router';
import { varietyKeyParamSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { DomainError } from '../kernel/domain-error';
import { varietyImageSvg } from './variety-image';

const IMAGE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * GET /api/variety/image/:key.svg — a variety's image. Public (before the auth gate): images
 * load through <img>, which sends no bearer token, and show nothing a visitor may not see. The
 * URL from `varietyImageUrl()` changes with what the drawing depends on, so it is immutable.
 */
export function varietyImageRoutes(app: AppContext): Router {
  const router = new Router();
  const { catalogEntities: entities } = app.repos;

  router.get('/api/variety/image/:key.svg', async (ctx) => {
    const key = varietyKeyParamSchema.parse(ctx.params.key);
    const facts = await entities.imageFacts(key);
    if (!facts) throw new DomainError('not_found', 'No such variety.');
    ctx.set('Cache-Control', `public, max-age=${IMAGE_MAX_AGE_SECONDS}, immutable`);
    ctx.type = 'image/svg+xml';
    ctx.body = varietyImageSvg(facts);
  });

  return router;
}
