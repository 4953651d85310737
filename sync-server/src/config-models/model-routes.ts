import Router from '@koa/router';
import type { Context } from 'koa';
import {
  deleteModelBodySchema,
  modelLoadBodySchema,
  modelRowsBodySchema,
  type ModelLoadAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { requireAdmin, requireStaff } from '../auth/staff-access';
import { DomainError } from '../kernel/domain-error';
import { findModel, type ModelHandlers, type ModelRow } from './model-registry';

/**
 * Spec §7 model calls over the model registry: `POST /api/load_all_by_model` {model,
 * fetch_models, keys}, `/api/update_model` and `/api/add_model` {row_model, rows},
 * `/api/delete_model` {row_model, keys}. Reading a `staff` model and every write need staff.
 * Mounted behind the auth gate, so visitors use their public token.
 */
export function modelRoutes(app: AppContext): Router {
  const router = new Router();

  const model = (name: string): ModelHandlers => {
    const handlers = findModel(name);
    if (!handlers) throw new DomainError('not_found', `Unknown model '${name}'.`);
    return handlers;
  };
  const readable = async (ctx: Context, name: string): Promise<ModelHandlers> => {
    const handlers = model(name);
    if (handlers.access === 'staff') await requireStaff(ctx, app);
    return handlers;
  };
  const writable = async <Name extends 'update' | 'add' | 'delete'>(
    ctx: Context,
    name: string,
    operation: Name,
  ): Promise<NonNullable<ModelHandlers[Name]>> => {
    const handlers = model(name);
    if (handlers.writeAccess === 'admin') await requireAdmin(ctx, app);
    else await requireStaff(ctx, app);
    const handler = handlers[operation];
    if (!handler) throw new DomainError('invalid_request', `The model '${name}' is not editable.`);
    return handler;
  };

  router.post('/api/load_all_by_model', async (ctx) => {
    const body = modelLoadBodySchema.parse(ctx.request.body);
    const main = await readable(ctx, body.model);
    const extra: (readonly [string, ModelHandlers])[] = [];
    for (const name of body.fetch_models ?? []) extra.push([name, await readable(ctx, name)]);
    const fetched: [string, ModelRow[]][] = [];
    for (const [name, handlers] of extra) fetched.push([name, await handlers.load(app, undefined)]);
    ctx.body = {
      success: true,
      results: await main.load(app, body.keys),
      fetched_results: Object.fromEntries(fetched),
    } satisfies ModelLoadAnswer;
  });

  /**
   * Runs a write in one transaction. A write to a model that decides who is staff may take a
   * manager off the allow list: after the commit, every manager the list held before checks its
   * sessions again, so the event streams of its own session and of the customers it logged in
   * as end now, not at their next check (db/change-feed.ts `endSessions`).
   */
  const write = async <Result>(name: string, work: () => Promise<Result>): Promise<Result> => {
    if (!model(name).decidesStaff) return app.transactional(work)();
    const { staffBefore, result } = await app.transactional(async () => ({
      staffBefore: await app.services.configLookups.managerAdmins(),
      result: await work(),
    }))();
    for (const userKey of staffBefore) app.changes.endSessions(userKey);
    return result;
  };

  for (const operation of ['update', 'add'] as const) {
    router.post(`/api/${operation}_model`, async (ctx) => {
      const body = modelRowsBodySchema.parse(ctx.request.body);
      const handler = await writable(ctx, body.row_model, operation);
      const results = await write(body.row_model, async () => handler(app, body.rows));
      ctx.body = { success: true, results };
    });
  }

  router.post('/api/delete_model', async (ctx) => {
    const body = deleteModelBodySchema.parse(ctx.request.body);
    const handler = await writable(ctx, body.row_model, 'delete');
    const deleted = await write(body.row_model, async () => handler(app, body.keys));
    ctx.body = { success: true, deleted };
  });

  return router;
}
