import Router from '@koa/router';
import {
  VARIETY_LIST_DEFAULT_LIMIT,
  availabilityBodySchema,
  availabilityParamsSchema,
  searchTextReplacementBodySchema,
  varietyImageUrl,
  varietyListBodySchema,
  type AvailabilityAnswer,
  type DisclaimersAnswer,
  type SearchTextReplacementAnswer,
  type VarietyListAnswer,
  type VarietyListBody,
} from '@stemline/shared';
import type { Context } from 'koa';
import type { AppContext } from '../app-context';
import { createArrivalCalendar } from './arrival-calendar';

/**
 * The catalogue's reference calls (spec §7 "Catalog and availability"), behind the auth gate:
 * every one answers a visitor's public token as well as a customer's, and none carries a price:
 *  - POST /api/availability/delivery_date/:year/:month  the arrival calendar of a month;
 *  - GET|POST /api/variety/list                         active varieties, filtered and paged;
 *  - GET|POST /api/variety/search_text_replacement      search synonyms;
 *  - GET|POST /api/disclaimers                          every disclaimer.
 */
export function catalogReferenceRoutes(app: AppContext): Router {
  const router = new Router();
  const { catalogEntities: entities } = app.repos;
  const arrivals = createArrivalCalendar(entities, app.transactional);

  router.post('/api/availability/delivery_date/:year/:month', async (ctx) => {
    const { year, month } = availabilityParamsSchema.parse(ctx.params);
    availabilityBodySchema.parse(bodyOf(ctx));
    ctx.body = {
      success: true,
      items: await arrivals(year, month, app.now()),
    } satisfies AvailabilityAnswer;
  });

  const varietyList = async (ctx: Context, body: VarietyListBody): Promise<void> => {
    const only = (values: readonly string[] | undefined) => (values ? new Set(values) : null);
    const keys = only(body?.keys);
    const groups = only(body?.product_group);
    const categories = only(body?.category);
    const colors = only(body?.color);
    const matching = (await entities.varieties()).filter(
      (v) =>
        (!keys || keys.has(v.key)) &&
        (!groups || groups.has(v.product_group_key)) &&
        (!categories || categories.has(v.category_key)) &&
        (!colors || colors.has(v.color_key)),
    );
    const offset = body?.offset ?? 0;
    const limit = body?.limit ?? VARIETY_LIST_DEFAULT_LIMIT;
    ctx.body = {
      success: true,
      total: matching.length,
      results: matching
        .slice(offset, offset + limit)
        .map((v) => ({ ...v, image: varietyImageUrl(v) })),
    } satisfies VarietyListAnswer;
  };
  router.get('/api/variety/list', (ctx) => varietyList(ctx, undefined));
  router.post('/api/variety/list', (ctx) =>
    varietyList(ctx, varietyListBodySchema.parse(bodyOf(ctx))),
  );

  const synonyms = async (ctx: Context): Promise<void> => {
    searchTextReplacementBodySchema.parse(bodyOf(ctx));
    ctx.body = {
      success: true,
      results: await entities.synonyms(),
    } satisfies SearchTextReplacementAnswer;
  };
  router.get('/api/variety/search_text_replacement', synonyms);
  router.post('/api/variety/search_text_replacement', synonyms);

  const disclaimers = async (ctx: Context): Promise<void> => {
    ctx.body = { success: true, results: await entities.disclaimers() } satisfies DisclaimersAnswer;
  };
  router.get('/api/disclaimers', disclaimers);
  router.post('/api/disclaimers', disclaimers);

  return router;
}

/** The parsed JSON body, or undefined when the request had none. */
function bodyOf(ctx: Context): unknown {
  return (ctx.request as { body?: unknown }).body ?? undefined;
}
