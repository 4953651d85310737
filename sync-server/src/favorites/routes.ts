import Router from '@koa/router';
import type { Context } from 'koa';
import {
  addFavoritesParamsSchema,
  checkoutMessages,
  favoriteKey,
  favoriteVarietyParamsSchema,
  favoritesRequestSchema,
  type FavoritesRequest,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { callerCustomer } from '../auth/caller-customer';
import { httpStatusOf } from '../http/http-status';
import type { Outcome } from '../kernel/outcome';
import type { RunOperations } from '../http/cs-run';
import { createFavorites } from './favorites';

/** Runs a favourite rule in one transaction, pokes after the commit, answers in the spec's shape. */
function createFavoriteCalls(app: AppContext) {
  const favorites = createFavorites(app);
  const inTransaction = <A extends unknown[], T>(
    rule: (...args: A) => Outcome<T> | Promise<Outcome<T>>,
  ) => app.transactional(rule);
  const add = inTransaction(favorites.add);
  const removeByKey = inTransaction(favorites.removeByKey);
  const edit = inTransaction(favorites.edit);
  const addMany = inTransaction(favorites.addMany);

  function settle<T>(ctx: Context, customerKey: string, outcome: Outcome<T>): T | undefined {
    if (outcome.status === 'rejected') {
      ctx.status = httpStatusOf(outcome.code);
      ctx.body = { success: false, error: outcome.message, code: outcome.code };
      return undefined;
    }
    if (outcome.touched.length > 0) app.changes.poke(customerKey, outcome.touched);
    return outcome.value;
  }

  return {
    /** POST /api/favorites: one of the spec's actions ADD, LIST, REMOVE, EDIT. */
    async favorites(ctx: Context, request: FavoritesRequest): Promise<void> {
      const customerKey = callerCustomer(ctx, request.customer);
      switch (request.action) {
        case 'LIST':
          ctx.body = { success: true, results: await favorites.list(customerKey) };
          return;
        case 'ADD': {
          const result = settle(ctx, customerKey, await add(customerKey, request.variety_key));
          if (result) ctx.body = { success: true, result };
          return;
        }
        case 'EDIT': {
          const result = settle(
            ctx,
            customerKey,
            await edit(customerKey, request.favorite_key, request.variety_key),
          );
          if (result) ctx.body = { success: true, result };
          return;
        }
        case 'REMOVE': {
          const key = request.favorite_key ?? favoriteKey(request.variety_key ?? '');
          const result = settle(ctx, customerKey, await removeByKey(customerKey, key));
          if (result === null) {
            ctx.status = 404;
            ctx.body = {
              success: false,
              error: checkoutMessages.favoriteNotFound,
              code: 'not_found',
            };
          } else if (result) ctx.body = { success: true, result };
          return;
        }
      }
    },
    async addMany(ctx: Context, params: unknown) {
      const { customer, varieties } = addFavoritesParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, customer);
      const results = settle(ctx, customerKey, await addMany(customerKey, varieties));
      return results ? { success: true, results } : ctx.body;
    },
    /** Sets a variety's favourite state, or toggles it when `favorite` is absent. */
    async setFavorite(ctx: Context, params: unknown) {
      const { customer, variety_key, favorite } = favoriteVarietyParamsSchema.parse(params);
      const customerKey = callerCustomer(ctx, customer);
      const wanted =
        favorite ?? (await favorites.list(customerKey)).every((f) => f.variety_key !== variety_key);
      const outcome = wanted
        ? await add(customerKey, variety_key)
        : await removeByKey(customerKey, favoriteKey(variety_key));
      if (settle(ctx, customerKey, outcome) === undefined) return ctx.body;
      return { success: true, isFavorite: wanted, favorite_key: favoriteKey(variety_key) };
    },
  };
}

/** POST /api/favorites (spec §7). */
export function favoriteRoutes(app: AppContext): Router {
  const router = new Router();
  const calls = createFavoriteCalls(app);
  router.post('/api/favorites', async (ctx) => {
    await calls.favorites(ctx, favoritesRequestSchema.parse(ctx.request.body));
  });
  return router;
}

/** `cs_add_favorites` and `favorite_variety_handler` of `POST /api/cs/run`. */
export function favoriteOperations(app: AppContext): RunOperations {
  const calls = createFavoriteCalls(app);
  return {
    cs_add_favorites: (ctx, params) => calls.addMany(ctx, params),
    favorite_variety_handler: (ctx, params) => calls.setFavorite(ctx, params),
  };
}
