import {
  decodeCatalogSnapshotInSteps,
  withPricesHidden,
  type CatalogSnapshot,
} from '@stemline/shared';
import { runInSlices } from './run-in-slices';

/**
 * A date's catalogue as the page holds it: the compact bytes as downloaded or stored (decoded
 * by the page a slice at a time, and by the catalogue worker for the first screen), or a decoded
 * snapshot (a copy patched by a delta, or read from an injected store).
 */
export interface CatalogCopy {
  date: number;
  /** When the server last confirmed these stock figures (full download or delta), epoch ms. */
  fetchedAt: number;
  version: number;
  catalogId: string;
  /** No prices on screen: the server sent none, or the device holds a buyer's copy signed out. */
  pricesHidden: boolean;
  /** The compact snapshot, or null when the copy is only `snapshot` (until a patch is encoded). */
  data: ArrayBuffer | null;
  /** The snapshot, when the copy came decoded (else `decodeCopy` decodes `data`). */
  snapshot: CatalogSnapshot | null;
}

/**
 * The same content: a copy whose `fetchedAt` alone changed shows the same catalogue, and so does
 * a patched snapshot once its bytes are known too.
 */
export function sameContent(a: CatalogCopy, b: CatalogCopy): boolean {
  return (a.snapshot ?? a.data) === (b.snapshot ?? b.data) && a.pricesHidden === b.pricesHidden;
}

/** The copy as a visitor sees it: without prices. */
export function withoutPrices(copy: CatalogCopy): CatalogCopy {
  if (copy.pricesHidden) return copy;
  return {
    ...copy,
    pricesHidden: true,
    snapshot: copy.snapshot && withPricesHidden(copy.snapshot),
  };
}

/** Snapshots decoded from bytes, by bytes and whether prices are dropped: each is decoded once. */
const decodings = new WeakMap<ArrayBuffer, Map<boolean, Promise<CatalogSnapshot>>>();

/**
 * The copy's snapshot; bytes are decoded a slice at a time (run-in-slices.ts), once however many
 * ask (the model, a delta). Rejects when the bytes are unreadable.
 */
export function decodeCopy(copy: CatalogCopy): Promise<CatalogSnapshot> {
  if (copy.snapshot) return Promise.resolve(copy.snapshot);
  const data = copy.data;
  if (!data) return Promise.reject(new Error('A catalogue copy holds bytes or a snapshot'));
  let byPrices = decodings.get(data);
  if (!byPrices) {
    byPrices = new Map();
    decodings.set(data, byPrices);
  }
  let decoding = byPrices.get(copy.pricesHidden);
  if (!decoding) {
    decoding = runInSlices(decodeCatalogSnapshotInSteps(data, { hidePrices: copy.pricesHidden }));
    byPrices.set(copy.pricesHidden, decoding);
  }
  return decoding;
}
