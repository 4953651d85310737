import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkCard,
  checkoutMessages,
  marketToday,
  MAX_SAVED_CARDS,
  type AddCardArgs,
  type CardCheck,
  type SavedCard,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

export type AddCardOutcome =
  Outcome<SavedCard> | { status: 'invalid'; check: Extract<CardCheck, { ok: false }> };

/**
 * Saving and removing cards. A card is checked with the shared rule by the server's own date,
 * then tokenised: a random token stands in for the processor's vault reference, and only brand,
 * last four digits, expiry and the holder's name are kept. A card already saved (same brand,
 * last four and expiry) is refused, and so is one past `MAX_SAVED_CARDS`. The number and CVV go
 * no further than `checkCard`. Call inside a transaction.
 */
export function createSavedCards(app: AppContext) {
  const { cards } = app.repos;
  return {
    add: async (customerKey: string, args: AddCardArgs): Promise<AddCardOutcome> => {
      const now = app.now();
      const check = checkCard(args, marketToday(now));
      if (!check.ok) return { status: 'invalid', check };
      const saved = await cards.list(customerKey);
      if (
        saved.some(
          (card) =>
            card.brand === check.brand &&
            card.last4 === check.last4 &&
            card.exp_month === check.exp_month &&
            card.exp_year === check.exp_year,
        )
      )
        return rejected('conflict', checkoutMessages.cardAlreadySaved);
      if (saved.length >= MAX_SAVED_CARDS)
        return rejected('conflict', checkoutMessages.tooManyCards(MAX_SAVED_CARDS));
      const card: SavedCard = {
        key: `card-${randomUUID()}`,
        brand: check.brand,
        last4: check.last4,
        exp_month: check.exp_month,
        exp_year: check.exp_year,
        holder_name: args.holder_name,
        created_at: now,
      };
      await cards.insert(
        customerKey,
        card,
        `tok_${randomBytes(24).toString('base64url')}`,
        await app.changes.next(),
      );
      return applied(card, ['payment_cards'], checkoutMessages.cardSaved);
    },
    remove: async (customerKey: string, key: string): Promise<Outcome<null>> => {
      if (!(await cards.get(customerKey, key)))
        return rejected('not_found', checkoutMessages.cardNotFound);
      await cards.remove(customerKey, key, await app.changes.next());
      return applied(null, ['payment_cards'], checkoutMessages.cardDeleted);
    },
    list: (customerKey: string): Promise<SavedCard[]> => {
      return cards.list(customerKey);
    },
  };
}
