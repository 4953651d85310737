import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a signature written in a link or cookie is `expected`, spelled exactly as this server
 * spells it (base64url). Comparing the text, not the decoded bytes: base64url decoding ignores
 * the unused bits of the last character, so several spellings decode to the same bytes, and a
 * link that was changed must not pass for the one that was sent. Constant time.
 */
export function isSignatureText(given: string, expected: Buffer): boolean {
  const want = Buffer.from(expected.toString('base64url'));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}
