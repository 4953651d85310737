/** The item at `index`; a RangeError instead of `undefined` when there is none. */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`Index ${index} out of range`);
  return item;
}
