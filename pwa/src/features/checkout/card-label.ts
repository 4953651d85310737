import { cardBrandNames, type SavedCard } from '@stemline/shared';

/** "Visa ending 1111, expires 12/30": how a saved card is named everywhere. */
export function cardLabel(
  card: Pick<SavedCard, 'brand' | 'last4' | 'exp_month' | 'exp_year'>,
): string {
  return `${cardBrandNames[card.brand]} ending ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}
