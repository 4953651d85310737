import Router from '@koa/router';
import {
  CLAIM_MAX_FILES,
  claimMessages,
  folderCreateSchema,
  imageUploadSchema,
  MAX_PHOTO_BYTES,
  uploadMessages,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { isStaff } from '../auth/staff-access';
import { DomainError } from '../kernel/domain-error';
import { readJsonBody } from '../http/json-body';
import { byteRangeOf } from './byte-range';
import { sniffFileKind } from './file-kinds';
import { overByteBudget, overFolderBudget, UPLOAD_WINDOW_MS } from './upload-limits';

export const IMAGE_UPLOAD_PATH = '/api/images/upload';
/**
 * The upload body's cap: a photo at its cap as base64 (4 characters per 3 bytes) plus the rest
 * of the JSON. The general 1 MiB body cap does not apply here (app.ts skips it for this path).
 */
export const UPLOAD_BODY_LIMIT = Math.ceil((MAX_PHOTO_BYTES * 4) / 3) + 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Spec §3/§7 folder and file calls. `POST /api/folder/create {folderName, parentKey}` makes (or
 * finds) one of the caller's folders; `POST /api/images/upload {fileName, fileContent,
 * folderKey}` stores a base64 photo or video in one, its type decided by its content, its size
 * capped (413); a customer past its folders or bytes of the last 24 hours (upload-limits.ts) is
 * refused (429) and nothing is stored; `GET /api/images/:key` streams a file to its owner and to
 * staff only (404 to anyone else, as for a key that does not exist), with a single `Range`
 * answered 206 (video seeking) and one past the end 416.
 */
export function uploadRoutes(app: AppContext): Router {
  const router = new Router();
  const { uploads } = app.services;
  const limits = app.config.uploads;

  router.post('/api/folder/create', async (ctx) => {
    const body = folderCreateSchema.parse(ctx.request.body);
    const owner = customerKeyOf(ctx);
    const parentKey = body.parentKey ?? '';
    if (parentKey !== '' && !(await uploads.folder(owner, parentKey)))
      throw new DomainError('not_found', claimMessages.folderNotFound);
    // Found or made in one transaction: two devices asking at once get the same folder.
    const nowMs = app.now();
    const folder = await app.transactional(() =>
      uploads.ensureFolder(owner, body.folderName, parentKey, nowMs, {
        maxNew: limits.foldersPerCustomerPerDay,
        sinceMs: nowMs - UPLOAD_WINDOW_MS,
      }),
    )();
    if (!folder) throw overFolderBudget(limits);
    ctx.body = { success: true, result: { key: folder.key, name: folder.name } };
  });

  router.post(IMAGE_UPLOAD_PATH, async (ctx) => {
    const owner = customerKeyOf(ctx);
    const body = imageUploadSchema.parse(await readJsonBody(ctx.req, UPLOAD_BODY_LIMIT));
    const folder = await uploads.folder(owner, body.folderKey);
    if (!folder) throw new DomainError('not_found', claimMessages.folderNotFound);
    const again = await uploads.uploadNamed(folder.key, body.fileName);
    if (again) {
      ctx.body = { success: true, result: answerOf(again) };
      return;
    }
    if (!BASE64.test(body.fileContent) || body.fileContent.length % 4 !== 0)
      throw new DomainError('invalid_request', claimMessages.fileTypeNotAllowed);
    const content = Buffer.from(body.fileContent, 'base64');
    if (content.length === 0) throw new DomainError('invalid_request', claimMessages.fileEmpty);
    const kind = await sniffFileKind(content);
    if (!kind) throw new DomainError('invalid_request', claimMessages.fileTypeNotAllowed);
    if (content.length > kind.maxBytes)
      throw new DomainError(
        'payload_too_large',
        claimMessages.fileTooLarge(
          kind.kind === 'image' ? 'photo' : 'video',
          kind.maxBytes / 1024 / 1024,
        ),
      );
    if ((await uploads.filesIn(owner, folder.key)).length >= CLAIM_MAX_FILES)
      throw new DomainError('conflict', claimMessages.tooManyFiles(CLAIM_MAX_FILES));
    const nowMs = app.now();
    const budget = { maxBytes: limits.bytesPerCustomerPerDay, sinceMs: nowMs - UPLOAD_WINDOW_MS };
    // Asked again where it is counted for good (save), but a file past it is never written.
    if ((await uploads.bytesHeld(owner, budget.sinceMs)) + content.length > budget.maxBytes)
      throw overByteBudget(limits);
    const stored = await uploads.save(
      {
        owner_key: owner,
        folder_key: folder.key,
        file_name: body.fileName,
        kind: kind.kind,
        ext: kind.ext,
        mime: kind.mime,
        bytes: content.length,
        created_at: nowMs,
      },
      content,
      CLAIM_MAX_FILES,
      budget,
    );
    // Another node (or request) added the folder's last file, or spent the last bytes, since
    // the checks above.
    if (stored === 'over_budget') throw overByteBudget(limits);
    if (stored === 'folder_full')
      throw new DomainError('conflict', claimMessages.tooManyFiles(CLAIM_MAX_FILES));
    ctx.body = { success: true, result: answerOf(stored) };
  });

  router.get('/api/images/:key', async (ctx) => {
    const upload = await uploads.upload(String(ctx.params.key));
    const allowed =
      upload !== undefined && ((await isStaff(ctx, app)) || ownerOf(ctx) === upload.owner_key);
    if (!upload || !allowed) throw new DomainError('not_found', claimMessages.claimNotFound);
    // Only past the access check does the file's size or any byte of it reach the answer.
    const size = uploads.sizeOf(upload);
    const ask = byteRangeOf(ctx.get('Range') || undefined, size);
    ctx.set('Accept-Ranges', 'bytes');
    if (ask.kind === 'unsatisfiable') {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${size}`);
      ctx.body = { success: false, error: uploadMessages.rangeNotSatisfiable(size) };
      return;
    }
    const { start, end } = ask.kind === 'range' ? ask : { start: 0, end: size - 1 };
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.set('Content-Disposition', `inline; filename="${upload.key}.${upload.ext}"`);
    ctx.type = upload.mime;
    if (ask.kind === 'range') {
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
    }
    // Streamed: a stored video is up to 200 MB. Koa drops Content-Length when a stream is
    // assigned, so the length is set after the body.
    ctx.body = size === 0 ? '' : uploads.stream(upload, start, end);
    ctx.length = end - start + 1;
  });

  function ownerOf(ctx: Parameters<typeof customerKeyOf>[0]): string | null {
    try {
      return customerKeyOf(ctx);
    } catch {
      return null;
    }
  }

  return router;
}

function answerOf(upload: { key: string; kind: 'image' | 'video'; ext: string; bytes: number }) {
  return { key: upload.key, kind: upload.kind, type: upload.ext, bytes: upload.bytes };
}
