import Router from '@koa/router';
import type { Context } from 'koa';
import { uploadPartQuerySchema, uploadStartSchema } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { DomainError } from '../kernel/domain-error';
import { createChunkedUploads, type UploadResult } from './chunked-uploads';
import { readPartBody } from './upload-part-body';

export const CHUNKED_UPLOAD_PATH = '/api/uploads';

/** True for a part's PUT: its body is raw bytes the route reads itself, not JSON. */
export function isUploadPartRequest(method: string, pathname: string): boolean {
  return method === 'PUT' && pathname.startsWith(`${CHUNKED_UPLOAD_PATH}/`);
}

/**
 * The chunked, resumable upload of claim photos and videos (shared `schemas/claim-uploads.ts`):
 * `POST /api/uploads` starts or finds one, `GET /api/uploads/:id` says where it stands,
 * `PUT /api/uploads/:id?offset=N` sends the next part. For the caller's own uploads only.
 */
export function chunkedUploadRoutes(app: AppContext): Router {
  const router = new Router();
  const uploads = createChunkedUploads(app);

  function answer(ctx: Context, result: UploadResult): void {
    if (result.ok) {
      ctx.body = { success: true, result: result.step };
      return;
    }
    if (result.offset === undefined) throw new DomainError(result.code, result.message);
    // The device goes on from here: the answer says where the server stands.
    ctx.status = result.code === 'conflict' ? 409 : 400;
    ctx.body = { success: false, error: result.message, code: result.code, offset: result.offset };
  }

  router.post(CHUNKED_UPLOAD_PATH, async (ctx) => {
    const args = uploadStartSchema.parse(ctx.request.body);
    answer(ctx, await uploads.start(customerKeyOf(ctx), args));
  });

  router.get(`${CHUNKED_UPLOAD_PATH}/:key`, async (ctx) => {
    answer(ctx, await uploads.status(customerKeyOf(ctx), String(ctx.params.key)));
  });

  router.put(`${CHUNKED_UPLOAD_PATH}/:key`, async (ctx) => {
    // A refused part may leave its body unread: the connection then ends with the answer.
    ctx.set('Connection', 'close');
    const owner = customerKeyOf(ctx);
    const { offset } = uploadPartQuerySchema.parse(ctx.query);
    const result = await uploads.put(owner, String(ctx.params.key), offset, (limit) =>
      readPartBody(ctx.req, limit),
    );
    if (result.ok) ctx.remove('Connection');
    answer(ctx, result);
  });

  return router;
}
