import { useSyncExternalStore } from 'react';

/** Bytes of a file the server has, or is receiving now, of its size. */
export interface FileProgress {
  sent: number;
  total: number;
}

let progress: ReadonlyMap<string, FileProgress> = new Map();
const listeners = new Set<() => void>();

/**
 * Live byte counts of the files uploading in this page, by photo id, as the upload's request
 * reports them. Kept in memory only: the offset the server confirmed is stored with the file
 * (claim-photo-db.ts `sentBytes`), so a reload shows that.
 */
export function setUploadProgress(photoId: string, sent: number, total: number): void {
  const next = new Map(progress);
  next.set(photoId, { sent: Math.min(sent, total), total });
  progress = next;
  for (const listener of listeners) listener();
}

export function useUploadProgress(): ReadonlyMap<string, FileProgress> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => progress,
  );
}
