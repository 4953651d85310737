import { fileTypeFromBuffer } from 'file-type';
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '@stemline/shared';

/** A file's type as its content shows it (spec §5 types only). */
export interface FileKind {
  kind: 'image' | 'video';
  /** The extension the server stores it under. */
  ext: string;
  mime: string;
  maxBytes: number;
}

/**
 * Spec §5 types by what `file-type` reads in the content (its extension names): png and jpg
 * (jpeg), and mp4, avi, mov, wmv (an ASF container), m4v, webm.
 */
const ALLOWED: Record<string, FileKind> = {
  png: { kind: 'image', ext: 'png', mime: 'image/png', maxBytes: MAX_PHOTO_BYTES },
  jpg: { kind: 'image', ext: 'jpg', mime: 'image/jpeg', maxBytes: MAX_PHOTO_BYTES },
  mp4: { kind: 'video', ext: 'mp4', mime: 'video/mp4', maxBytes: MAX_VIDEO_BYTES },
  avi: { kind: 'video', ext: 'avi', mime: 'video/vnd.avi', maxBytes: MAX_VIDEO_BYTES },
  mov: { kind: 'video', ext: 'mov', mime: 'video/quicktime', maxBytes: MAX_VIDEO_BYTES },
  asf: { kind: 'video', ext: 'wmv', mime: 'video/x-ms-wmv', maxBytes: MAX_VIDEO_BYTES },
  m4v: { kind: 'video', ext: 'm4v', mime: 'video/x-m4v', maxBytes: MAX_VIDEO_BYTES },
  webm: { kind: 'video', ext: 'webm', mime: 'video/webm', maxBytes: MAX_VIDEO_BYTES },
};

/**
 * The spec type of a file, decided by its bytes alone (a name or a claimed type is never
 * trusted: an HTML page or an .exe renamed .jpg is refused), or null when it is none of them.
 */
export async function sniffFileKind(content: Uint8Array): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(content);
  return (found && ALLOWED[found.ext]) ?? null;
}
