import { expect } from 'vitest';
import {
  checkoutMessages,
  creditCardsAnswerSchema,
  type AddCardArgs,
  type SavedCard,
} from '@stemline/shared';
import type { TestServer } from './test-server';

/** A card that passes every check until 2030; `card` overrides any of its fields. */
export const TEST_CARD: AddCardArgs = {
  number: '4111 1111 1111 1111',
  exp_month: 12,
  exp_year: 2030,
  cvv: '123',
  holder_name: 'Test Buyer',
};

/**
 * Saves a card for the signed-in buyer of `token` (`accounting_add_card`), as checkout needs. A
 * card the buyer already saved is refused by the server; its saved copy is answered instead.
 */
export async function saveTestCard(
  t: TestServer,
  token: string,
  card: Partial<AddCardArgs> = {},
): Promise<SavedCard> {
  const args = { ...TEST_CARD, ...card };
  const answer = await t.post<{ result: SavedCard; error?: string }>(
    '/api/cs/run',
    { key: 'accounting_add_card', params: args },
    token,
  );
  if (answer.status === 409 && answer.body.error === checkoutMessages.cardAlreadySaved) {
    const saved = creditCardsAnswerSchema.parse(
      (await t.post('/api/customer/credit_cards', {}, token)).body,
    ).results;
    const same = saved.find(
      (entry) =>
        entry.last4 === args.number.replace(/\D/g, '').slice(-4) &&
        entry.exp_month === Number(args.exp_month) &&
        entry.exp_year % 100 === Number(args.exp_year) % 100,
    );
    if (same) return same;
  }
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}
