import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutMessages,
  creditCardsAnswerSchema,
  MAX_SAVED_CARDS,
  pullAnswerSchema,
  signUpAnswerSchema,
  savedCardSchema,
  type SavedCard,
} from '@stemline/shared';
import { signUp, uniqueEmail } from '../test-support/accounts';
import { checkoutStateOf } from '../test-support/checkout-state';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

const card = (overrides: Record<string, unknown> = {}) => ({
  number: '4111 1111 1111 1111',
  exp_month: 12,
  exp_year: 2030,
  cvv: '123',
  holder_name: 'Flora Bennett',
  ...overrides,
});

describe('saved cards', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let grower = '';

  const run = (token: string, key: string, params: unknown) =>
    t.post('/api/cs/run', { key, params }, token);
  const addCard = (token: string, params: unknown) => run(token, 'accounting_add_card', params);
  async function listCards(token: string): Promise<SavedCard[]> {
    const answer = await t.post('/api/customer/credit_cards', {}, token);
    expect(answer.status).toBe(200);
    return creditCardsAnswerSchema.parse(answer.body).results;
  }

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, grower] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.grower),
    ]);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it.each([
    ['Visa', '4111 1111 1111 1111', '123', 'visa', '1111'],
    ['MasterCard', '5105-1051-0510-5100', '123', 'mastercard', '5100'],
    ['Amex', '371449635398431', '1234', 'amex', '8431'],
    ['Diners', '36227206271667', '123', 'diners', '1667'],
    ['Discover', '6011 0009 9013 9424', '123', 'discover', '9424'],
    ['JCB', '3566 0020 2036 0505', '123', 'jcb', '0505'],
  ])(
    'saves a %s card tokenised: brand, last 4, expiry and holder only',
    async (_brand, number, cvv, brand, last4) => {
      const answer = await addCard(florist, card({ number, cvv, exp_year: '31', exp_month: '04' }));
      expect(answer.status).toBe(200);
      const saved = savedCardSchema.strict().parse((answer.body as { result: unknown }).result);
      expect(saved).toMatchObject({
        brand,
        last4,
        exp_month: 4,
        exp_year: 2031,
        holder_name: 'Flora Bennett',
      });
      expect(await listCards(florist)).toContainEqual(saved);
      const row = await t.sql.one<{ doc: string; token: string }>(
        'SELECT doc, token FROM payment_cards WHERE key = ?',
        [saved.key],
      );
      expect(row?.token).toMatch(/^tok_[A-Za-z0-9_-]{32}$/);
      expect(JSON.parse(row?.doc ?? '{}')).toEqual(saved);
    },
  );

  it('syncs saved cards to the buyer’s devices without the token, and only to that buyer', async () => {
    const answer = await addCard(newbuyer, card({ number: '5555555555554444' }));
    const saved = (answer.body as { result: SavedCard }).result;
    const pulled = pullAnswerSchema.parse(
      (await t.get('/api/sync/pull/payment_cards', newbuyer)).body,
    );
    const doc = pulled.documents.find((d) => d.key === saved.key);
    expect(doc).toMatchObject({ ...saved, _deleted: false });
    expect(Object.keys(doc ?? {})).not.toContain('token');
    const others = pullAnswerSchema.parse(
      (await t.get('/api/sync/pull/payment_cards', florist)).body,
    );
    expect(others.documents.map((d) => d.key)).not.toContain(saved.key);
    expect((await listCards(florist)).map((c) => c.key)).not.toContain(saved.key);
  });

  describe('refuses a card with 400 naming the field, saving nothing', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a failed Luhn check',
        { number: '4111 1111 1111 1112' },
        'number',
        checkoutMessages.cardNumberInvalid,
      ],
      [
        'a brand not accepted',
        { number: '6200 0000 0000 0005' },
        'number',
        checkoutMessages.cardBrandUnsupported,
      ],
      [
        'letters in the number',
        { number: '4111 1111 1111 111I' },
        'number',
        checkoutMessages.cardNumberInvalid,
      ],
      [
        'an expired card',
        { exp_month: 10, exp_year: 2026 },
        'expiry',
        checkoutMessages.cardExpired,
      ],
      ['month 13', { exp_month: 13 }, 'expiry', checkoutMessages.cardExpiryInvalid],
      [
        'an Amex with a 3-digit CVV',
        { number: '378282246310005', cvv: '123' },
        'cvv',
        checkoutMessages.cvvInvalid(4),
      ],
      ['a 4-digit CVV on a Visa', { cvv: '1234' }, 'cvv', checkoutMessages.cvvInvalid(3)],
    ];
    it.each(cases)('%s', async (_case, override, field, message) => {
      const before = await checkoutStateOf(t.sql);
      const answer = await addCard(florist, card(override));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, field, error: message });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });

    it.each([
      ['no number', { number: undefined }],
      ['a number that is a number', { number: 4111111111111111 }],
      ['a 41-character number', { number: '4'.repeat(41) }],
      ['a 9-character CVV', { cvv: '123456789' }],
      ['no holder name', { holder_name: '   ' }],
      ['an object for the month', { exp_month: { $gt: 0 } }],
    ])('malformed: %s', async (_case, override) => {
      const before = await checkoutStateOf(t.sql);
      const answer = await addCard(florist, card(override));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'invalid_request' });
      expect(JSON.stringify(answer.body)).not.toContain('4111');
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    });
  });

  describe('keeps each card once, and at most MAX_SAVED_CARDS', () => {
    const newCompany = async () =>
      signUpAnswerSchema.parse((await signUp(t, uniqueEmail('cards'))).body).token ?? '';

    it('refuses the same card again (brand, last 4, expiry) with 409, saving nothing', async () => {
      const buyer = await newCompany();
      expect((await addCard(buyer, card())).status).toBe(200);
      const before = await checkoutStateOf(t.sql);
      // Typed another way, with another name on it: still the same card.
      const again = await addCard(
        buyer,
        card({ number: '4111111111111111', exp_month: '12', holder_name: 'F. Bennett' }),
      );
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        success: false,
        code: 'conflict',
        error: checkoutMessages.cardAlreadySaved,
      });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
      // The renewed card (a new expiry) is another card.
      expect((await addCard(buyer, card({ exp_year: 2031 }))).status).toBe(200);
      expect(await listCards(buyer)).toHaveLength(2);
    });

    it('refuses a card past the cap with 409; removing one makes room', async () => {
      const buyer = await newCompany();
      const saved: SavedCard[] = [];
      for (let index = 0; index < MAX_SAVED_CARDS; index += 1) {
        const answer = await addCard(
          buyer,
          card({ exp_month: (index % 12) + 1, exp_year: 2030 + Math.floor(index / 12) }),
        );
        expect(answer.status).toBe(200);
        saved.push((answer.body as { result: SavedCard }).result);
      }
      const before = await checkoutStateOf(t.sql);
      const over = await addCard(buyer, card({ exp_year: 2035 }));
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({
        success: false,
        code: 'conflict',
        error: checkoutMessages.tooManyCards(MAX_SAVED_CARDS),
      });
      expect(await checkoutStateOf(t.sql)).toEqual(before);

      expect((await run(buyer, 'delete_payment', { key: saved[0]?.key })).status).toBe(200);
      expect((await addCard(buyer, card({ exp_year: 2035 }))).status).toBe(200);
      expect(await listCards(buyer)).toHaveLength(MAX_SAVED_CARDS);
    });
  });

  it('deletes a saved card with delete_payment, leaving a tombstone for the devices', async () => {
    const saved = (await addCard(florist, card())).body as { result: SavedCard };
    const answer = await run(florist, 'delete_payment', { key: saved.result.key });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: checkoutMessages.cardDeleted });
    expect((await listCards(florist)).map((c) => c.key)).not.toContain(saved.result.key);
    const pulled = pullAnswerSchema.parse(
      (await t.get('/api/sync/pull/payment_cards', florist)).body,
    );
    expect(pulled.documents.find((d) => d.key === saved.result.key)?._deleted).toBe(true);
  });

  it('refuses to delete an unknown card, a deleted one, or another customer’s, changing nothing', async () => {
    const saved = ((await addCard(newbuyer, card())).body as { result: SavedCard }).result;
    const gone = ((await addCard(florist, card())).body as { result: SavedCard }).result;
    await run(florist, 'delete_payment', { key: gone.key });
    for (const key of ['card-unknown', gone.key, saved.key]) {
      const before = await checkoutStateOf(t.sql);
      const answer = await run(florist, 'delete_payment', { key });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, error: checkoutMessages.cardNotFound });
      expect(await checkoutStateOf(t.sql)).toEqual(before);
    }
    expect((await listCards(newbuyer)).map((c) => c.key)).toContain(saved.key);
  });

  it('refuses a request naming another customer (403) or from staff without a customer (403)', async () => {
    const before = await checkoutStateOf(t.sql);
    expect(
      (await t.post('/api/customer/credit_cards', { customer: 'c-park' }, florist)).status,
    ).toBe(403);
    expect((await addCard(florist, { ...card(), customer: 'c-park' })).status).toBe(403);
    expect((await t.post('/api/customer/credit_cards', {}, grower)).status).toBe(403);
    expect(
      (await t.post('/api/customer/credit_cards', { customer: 'c-bennett' }, florist)).status,
    ).toBe(200);
    expect((await t.post('/api/customer/credit_cards', {})).status).toBe(401);
    expect(await checkoutStateOf(t.sql)).toEqual(before);
  });
});
