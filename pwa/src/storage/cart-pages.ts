/**
 * The cart's lines as the device stores them: a page of lines per record (issue 28). The server
 * still sends a line at a time (the sync protocol's unit of change is unchanged); the device puts
 * each line in one of `CART_PAGE_COUNT` pages by a hash of its key. A catch-up of 10,000 changed
 * lines then reads and writes 64 IndexedDB records instead of 10,000, and RxDB's work per
 * document (its checks, change events, the cart's live query) is paid 64 times. A cart of a few
 * dozen lines has about one line per page, as before.
 *
 * Only the replicator writes the pages (one tab at a time, under the account's Web Lock), so a
 * page's read, change and write cannot interleave with another writer's.
 */
import type { CartLineDoc, CartPageDoc } from './account-schemas';

export const CART_PAGE_COUNT = 64;

/** The page a line is stored in: FNV-1a of its key, modulo the page count. */
export function cartPageOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `p${(hash >>> 0) % CART_PAGE_COUNT}`;
}

/** A line as pulled: the stored shape, or a tombstone of its key. */
export type PulledCartLine = CartLineDoc & { _deleted: boolean };

/** The page ids that `changes` touch. */
export function pagesTouched(changes: readonly { key: string }[]): string[] {
  return [...new Set(changes.map((line) => cartPageOf(line.key)))];
}

/**
 * The touched pages as they are to be stored: each page's stored lines with `changes` applied in
 * order (a later version of a line replaces an earlier one, a tombstone removes it). A page left
 * without lines is listed in `emptied`, to be removed rather than stored empty.
 */
export function applyToPages(
  stored: ReadonlyMap<string, readonly CartLineDoc[]>,
  changes: readonly PulledCartLine[],
): { pages: CartPageDoc[]; emptied: string[] } {
  const touched = new Map<string, Map<string, CartLineDoc>>();
  for (const { _deleted, ...line } of changes) {
    const page = cartPageOf(line.key);
    let lines = touched.get(page);
    if (!lines) {
      lines = new Map((stored.get(page) ?? []).map((kept) => [kept.key, kept]));
      touched.set(page, lines);
    }
    if (_deleted) lines.delete(line.key);
    else lines.set(line.key, line);
  }
  const pages: CartPageDoc[] = [];
  const emptied: string[] = [];
  for (const [page, lines] of touched) {
    if (lines.size > 0) pages.push({ page, lines: [...lines.values()] });
    else if (stored.has(page)) emptied.push(page);
  }
  return { pages, emptied };
}

/** Every line of `pages`, in the order of their keys (as one document per line was read). */
export function linesOfPages(pages: readonly { lines: readonly CartLineDoc[] }[]): CartLineDoc[] {
  return pages
    .flatMap((page) => page.lines)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
