/** True for the storage-full errors IndexedDB and RxDB raise. */
export function isQuotaError(error: unknown): boolean {
  return error instanceof Error && /quota/i.test(`${error.name} ${error.message}`);
}
