import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { DomainError } from '../kernel/domain-error';

/** A named operation of `POST /api/cs/run`; it reads `params` with its own schema. */
export type RunOperation = (ctx: Context, params: unknown) => unknown;
export type RunOperations = Record<string, RunOperation>;

const runBodySchema = z.object({
  key: z.string().min(1).max(64),
  params: z.unknown().optional(),
  test: z.boolean().optional(),
});

/** The generic run call of spec §7: `{ key, params, test? }` dispatched to a named operation. */
export function csRunRoutes(operations: RunOperations): Router {
  const router = new Router();
  router.post('/api/cs/run', async (ctx) => {
    const body = runBodySchema.parse(ctx.request.body);
    const operation = Object.hasOwn(operations, body.key) ? operations[body.key] : undefined;
    if (!operation) throw new DomainError('not_found', `Unknown operation '${body.key}'.`);
    ctx.body = await operation(ctx, body.params ?? {});
  });
  return router;
}
