import type { OrderLine } from '@stemline/shared';

/**
 * How an ordered row is named where its flowers are not listed beside it (its delivery journey,
 * a claim's lines): 'Lemon Symphony · Rosas San Isidro · 50 cm', without a length when the
 * variety has none (0).
 */
export function orderLineLabel(
  line: Pick<OrderLine, 'variety_name' | 'grower_name' | 'length'>,
): string {
  const length = line.length > 0 ? ` · ${line.length} cm` : '';
  return `${line.variety_name} · ${line.grower_name}${length}`;
}
