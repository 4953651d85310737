/** Rounds dollars to whole cents, as prices and charges are seeded. */
export function roundToCents(value: number): number {
  return Math.round(value * 100) / 100;
}
