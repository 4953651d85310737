/** What a `Range` header asks of a file of `size` bytes (RFC 9110 §14). */
export type ByteRangeAsk =
  { kind: 'whole' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads one `bytes=` range: `a-b`, `a-` or the suffix `-n`, clamped to the file. A header that is
 * absent, not one range (several ranges, other units, bad syntax) asks for the whole file, as
 * RFC 9110 lets a server ignore it; a well-formed range that starts past the end, or an empty
 * suffix, cannot be satisfied (416).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRangeAsk {
  const match = header === undefined ? null : SINGLE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'range', start, end };
}
