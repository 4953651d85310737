import { stemLengthText, type OrderLine } from '@stemline/shared';
import { dotSeparated } from '../../ui/dot-separated';

/**
 * How an ordered row is named where its flowers are not listed beside it (its delivery journey,
 * a claim's lines): 'Lemon Symphony · Rosas San Isidro · 50 cm', without a length when the
 * variety has none (0), each '·' held to the fact after it (`dotSeparated`).
 */
export function orderLineLabel(
  line: Pick<OrderLine, 'variety_name' | 'grower_name' | 'length'>,
): string {
  return dotSeparated([line.variety_name, line.grower_name, stemLengthText(line.length)]);
}
