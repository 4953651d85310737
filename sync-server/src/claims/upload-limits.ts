import { z } from 'zod';
import { uploadMessages } from '@stemline/shared';
import { DomainError } from '../kernel/domain-error';

/**
 * What one customer may put on the server's disk through the claim upload calls, counted over a
 * rolling 24 hours: without it any signed-in buyer could fill the disk with folders of videos.
 */
export interface UploadLimits {
  /**
   * Bytes: the files stored in the last 24 hours plus the announced sizes of the uploads still
   * under way (their parts are on disk, or may be, whatever their age).
   */
  bytesPerCustomerPerDay: number;
  /** Folders made in the last 24 hours (the PWA makes one per claim). */
  foldersPerCustomerPerDay: number;
}

/** The rolling window both limits count over. */
export const UPLOAD_WINDOW_MS = 24 * 3600_000;

const MIB = 1024 * 1024;

const envSchema = z.object({
  UPLOAD_MB_PER_CUSTOMER_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  UPLOAD_FOLDERS_PER_CUSTOMER_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(100),
});

/** Reads the upload limits; a bad value stops start-up with its name. */
export function loadUploadLimits(env: NodeJS.ProcessEnv): UploadLimits {
  const parsed = envSchema.parse(env);
  return {
    bytesPerCustomerPerDay: parsed.UPLOAD_MB_PER_CUSTOMER_PER_DAY * MIB,
    foldersPerCustomerPerDay: parsed.UPLOAD_FOLDERS_PER_CUSTOMER_PER_DAY,
  };
}

/** The refusal of an upload that would take the customer past its bytes of the day. */
export function overByteBudget(limits: UploadLimits): DomainError {
  return new DomainError(
    'rate_limited',
    uploadMessages.dailyBytesSpent(limits.bytesPerCustomerPerDay / MIB),
  );
}

/** The refusal of a folder past the customer's folders of the day. */
export function overFolderBudget(limits: UploadLimits): DomainError {
  return new DomainError(
    'rate_limited',
    uploadMessages.dailyFoldersSpent(limits.foldersPerCustomerPerDay),
  );
}
