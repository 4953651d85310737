import { z } from 'zod';

/** A statement number: `ST-`, the month as yyyyMM, then 8 hex digits naming the customer. */
export const statementNumberSchema = z.string().regex(/^ST-\d{4}(0[1-9]|1[0-2])-[0-9A-F]{8}$/);

/**
 * FNV-1a over UTF-16 code units, 32 bits: a short, stable fingerprint (not a secret; the server
 * checks ownership before it serves a statement).
 */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).toUpperCase().padStart(8, '0');
}

/**
 * The number printed on a customer's statement of `month` (yyyy-MM), e.g. `ST-202611-7F3A9C21`:
 * the same on every download, different for every customer of a month. It names a statement in
 * its download address; the server serves it only to the customer it belongs to.
 */
export function statementNumber(customerKey: string, month: string): string {
  return `ST-${month.replace('-', '')}-${fingerprint(customerKey)}`;
}

/** The yyyy-MM month a statement number is for (the number must match `statementNumberSchema`). */
export function statementNumberMonth(number: string): string {
  return `${number.slice(3, 7)}-${number.slice(7, 9)}`;
}
