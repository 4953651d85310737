import { pushRequestSchema, type PushAnswer } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { createPushProcessor } from './push';

/**
 * The push call once its caller is known: validates the untrusted body with the shared
 * `pushRequestSchema` (a `z.ZodError` means 400) and applies its mutations (push.ts). Shared by
 * the Koa route (routes.ts) and the fast path (push-fast-path.ts).
 */
export function createPushRequestHandler(
  app: AppContext,
): (customerKey: string, body: unknown) => PushAnswer {
  const push = createPushProcessor(app);
  return (customerKey, body) => {
    const request = pushRequestSchema.parse(body);
    return { results: push(customerKey, request.clientId, request.mutations) };
  };
}
