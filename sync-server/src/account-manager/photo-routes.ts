import Router from '@koa/router';
import { z } from 'zod';
import { MANAGER_PHOTO_KEY, managerPhotoSvg } from './manager-photo';

const photoKeySchema = z.string().regex(MANAGER_PHOTO_KEY);

const PHOTO_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * GET /api/customer/manager/photo/:key.svg — a drawn portrait of an account manager who has no
 * photo file. Public (before the auth gate), as variety images are: an <img> sends no bearer
 * token, and the drawing comes from the key alone, so it shows nothing about anyone.
 */
export function managerPhotoRoutes(): Router {
  const router = new Router();
  router.get('/api/customer/manager/photo/:key.svg', (ctx) => {
    const key = photoKeySchema.parse(ctx.params.key);
    ctx.set('Cache-Control', `public, max-age=${PHOTO_MAX_AGE_SECONDS}, immutable`);
    ctx.type = 'image/svg+xml';
    ctx.body = managerPhotoSvg(key);
  });
  return router;
}
