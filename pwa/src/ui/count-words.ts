/** '1 photo', '4 photos', '0 videos': a count with its noun in the number it needs. */
export function countWords(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
