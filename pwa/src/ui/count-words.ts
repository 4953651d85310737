/**
 * '1 photo', '4 photos', '0 videos': a count with its noun in the number it needs; `plural` for
 * a noun whose plural is not the noun and an s ('bunches').
 */
export function countWords(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
