import type { Temporal } from 'temporal-polyfill';
import type { SavedCard } from '../schemas/payments';
import { cardUsable } from './card-validation';

/**
 * The customer's default card: the newest saved card still usable on `today` (at the market),
 * or undefined when none is. What a standing order is charged to unless the buyer picks another.
 */
export function defaultCard<Card extends Pick<SavedCard, 'created_at' | 'exp_month' | 'exp_year'>>(
  cards: readonly Card[],
  today: Temporal.PlainDate,
): Card | undefined {
  return cards
    .filter((card) => cardUsable(card, today))
    .reduce<Card | undefined>(
      (newest, card) => (!newest || card.created_at > newest.created_at ? card : newest),
      undefined,
    );
}
