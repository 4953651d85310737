/**
 * The bunches chosen per price row after one Bunches field changed: a whole positive count is
 * kept, anything else (0, empty, a fraction) takes the row out. Used by `BunchRow`, the row of
 * both custom-box pickers (the cart's builder and the standing order's modal).
 */
export function withBunchCount(
  counts: ReadonlyMap<number, number>,
  inventoryKey: number,
  value: number,
): Map<number, number> {
  const next = new Map(counts);
  if (Number.isInteger(value) && value > 0) next.set(inventoryKey, value);
  else next.delete(inventoryKey);
  return next;
}
