import { z } from 'zod';

/**
 * The chunked, resumable upload of a claim's photos and videos (issue 24): a video of up to
 * 200 MB goes as raw bytes in parts, never as base64 JSON, and an interrupted upload goes on from
 * the last part the server stored.
 *
 * 1. `POST /api/uploads {folderKey, fileName, size}` starts it, or finds the one already under
 *    way for that file name in that folder (so a device that lost the id resumes all the same),
 *    or answers the stored file when it is complete.
 * 2. `PUT /api/uploads/:uploadId?offset=N` sends the bytes from `offset` (the body, any type);
 *    `offset` must be where the server stands, else 409 with the right one.
 * 3. The part that completes the file stores it: its type decided by its content, its size
 *    capped per type (413), answered like `/api/images/upload`.
 *    `GET /api/uploads/:uploadId` tells where the server stands.
 */
export const uploadStartSchema = z.object({
  folderKey: z.string().min(1).max(64),
  fileName: z.string().min(1).max(200),
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type UploadStart = z.infer<typeof uploadStartSchema>;

export const uploadPartQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** A file on the server, as every upload answers it. */
export const uploadedFileSchema = z.object({
  key: z.string(),
  kind: z.enum(['image', 'video']),
  type: z.string(),
  bytes: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Where a chunked upload stands: still open (send from `offset`), or done (the stored file). */
export const uploadStepSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    uploadId: z.string(),
    offset: z.number().int(),
    size: z.number().int(),
  }),
  z.object({ state: z.literal('done'), upload: uploadedFileSchema }),
]);
export type UploadStep = z.infer<typeof uploadStepSchema>;

export const uploadStepAnswerSchema = z.object({
  success: z.literal(true),
  result: uploadStepSchema,
});
