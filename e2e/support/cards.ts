import { expect, type APIRequestContext } from '@playwright/test';
import { checkoutMessages } from '@stemline/shared';

/**
 * Saves a Visa ending 1111 (12/2030) for the buyer of `token`, as checkout needs. The server
 * keeps a card once: when an earlier spec of the lane saved it for this buyer, that one stays.
 */
export async function ensureTestCard(
  request: APIRequestContext,
  token: string,
  holderName: string,
): Promise<void> {
  const answer = await request.post('/api/cs/run', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      key: 'accounting_add_card',
      params: {
        number: '4111 1111 1111 1111',
        exp_month: 12,
        exp_year: 2030,
        cvv: '123',
        holder_name: holderName,
      },
    },
  });
  if (answer.status() === 409) {
    expect(((await answer.json()) as { error?: string }).error).toBe(
      checkoutMessages.cardAlreadySaved,
    );
    return;
  }
  expect(answer.ok(), await answer.text()).toBe(true);
}
