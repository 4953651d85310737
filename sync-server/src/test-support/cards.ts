import { expect } from 'vitest';
import type { AddCardArgs, SavedCard } from '@stemline/shared';
import type { TestServer } from './test-server';

/** A card that passes every check until 2030; `card` overrides any of its fields. */
export const TEST_CARD: AddCardArgs = {
  number: '4111 1111 1111 1111',
  exp_month: 12,
  exp_year: 2030,
  cvv: '123',
  holder_name: 'Test Buyer',
};

/** Saves a card for the signed-in buyer of `token` (`accounting_add_card`), as checkout needs. */
export async function saveTestCard(
  t: TestServer,
  token: string,
  card: Partial<AddCardArgs> = {},
): Promise<SavedCard> {
  const answer = await t.post<{ result: SavedCard }>(
    '/api/cs/run',
    { key: 'accounting_add_card', params: { ...TEST_CARD, ...card } },
    token,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}
