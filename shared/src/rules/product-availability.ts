/**
 * Spec §4: a product is available only when it has available growers and a non-empty filtered
 * price set. Either list empty means the buyer cannot order it for this view.
 */
export function isProductAvailable(product: {
  availableGrowers: readonly unknown[];
  filteredPrices: readonly unknown[];
}): boolean {
  return product.availableGrowers.length > 0 && product.filteredPrices.length > 0;
}

/**
 * The growers of a product's filtered price set that offer at least one whole box (`boxes`, the
 * row's `boxesOffered` of spec §5), each once, in the order their first such row appears.
 */
export function availableGrowerKeys(
  filteredPrices: readonly { grower_key: string; boxes: number }[],
): string[] {
  const keys: string[] = [];
  for (const row of filteredPrices) {
    if (row.boxes > 0 && !keys.includes(row.grower_key)) keys.push(row.grower_key);
  }
  return keys;
}
