import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventMessages,
  pushAnswerSchema,
  unitsPerBox,
  type MutationName,
  type MutationResult,
  type Offer,
} from '@stemline/shared';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

/**
 * A cart line or custom box may only belong (`campaign_recipient`) to an event of the buyer's
 * own: another customer's event, an unknown or a deleted one is refused and changes nothing.
 */
describe('campaign_recipient of add_to_cart and upsert_custom_box', () => {
  let t: TestServer;
  let florist = '';
  let attacker = '';
  let day = 0;
  let pick: ReturnType<typeof createOfferPicker>;
  /** The florist's live event, and one of theirs that was deleted. */
  const floristEvent = `ev-${randomUUID()}`;
  const deletedEvent = `ev-${randomUUID()}`;

  const state = async () => ({
    stock: await t.sql.all('SELECT inventory_key, available FROM offers ORDER BY 1'),
    cart: await t.sql.all('SELECT * FROM cart_lines ORDER BY customer_key, key'),
    boxes: await t.sql.all('SELECT * FROM custom_boxes ORDER BY customer_key, key'),
    events: await t.sql.all('SELECT * FROM events ORDER BY customer_key, key'),
  });
  const regular = (): Offer =>
    pick(
      'is a regular row with 3+ boxes',
      (o) => !o.open_market && o.available >= 3 * unitsPerBox(o),
    );
  async function push(
    token: string,
    mutations: { name: MutationName; args: unknown }[],
  ): Promise<MutationResult[]> {
    const answer = await t.post(
      '/api/sync/push',
      {
        clientId: 'device-1',
        mutations: mutations.map((m) => ({
          id: `m-${randomUUID()}`,
          clientId: 'device-1',
          createdAt: t.clock.now,
          ...m,
        })),
      },
      token,
    );
    expect(answer.status).toBe(200);
    return pushAnswerSchema.parse(answer.body).results;
  }
  const event = (key: string) => ({
    key,
    name: 'Harbor wedding',
    date: 20261211,
    venue_address: '1 Pier Road, Newark NJ',
    notes: '',
  });

  beforeAll(async () => {
    t = await startTestServer();
    [florist, attacker] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
    ]);
    day = t.deliveryDates(3)[2] ?? 0;
    pick = createOfferPicker((await t.catalog(florist, day)).offers);
    const saved = await push(florist, [
      { name: 'save_event', args: event(floristEvent) },
      { name: 'save_event', args: event(deletedEvent) },
      { name: 'delete_event', args: { key: deletedEvent } },
    ]);
    expect(saved.map((result) => result.status)).toEqual(['applied', 'applied', 'applied']);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  it("refuses, by REST, a line in another customer's event, an unknown or a deleted one", async () => {
    const row = regular();
    const before = await state();
    const tries = [
      { token: attacker, campaign: floristEvent },
      { token: attacker, campaign: `ev-${randomUUID()}` },
      { token: florist, campaign: deletedEvent },
    ];
    for (const { token, campaign } of tries) {
      const answer = await t.post(
        '/api/cart_box/add_to_cart',
        { ...addArgs(row, day, 1), campaign_recipient: campaign },
        token,
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, error: eventMessages.eventNotFound });
    }
    expect(await state()).toEqual(before);
  });

  it('rejects the queued add_to_cart with such an event, and writes nothing', async () => {
    const row = regular();
    const before = await state();
    const results = await push(attacker, [
      { name: 'add_to_cart', args: { ...addArgs(row, day, 1), campaign_recipient: floristEvent } },
      { name: 'add_to_cart', args: { ...addArgs(row, day, 1), campaign_recipient: 'ev-nope' } },
    ]);
    expect(results).toEqual([
      expect.objectContaining({
        status: 'rejected',
        code: 'not_found',
        message: eventMessages.eventNotFound,
      }),
      expect.objectContaining({ status: 'rejected', code: 'not_found' }),
    ]);
    expect(await state()).toEqual(before);
  });

  it("refuses a custom box in another customer's event", async () => {
    const row = regular();
    const before = await state();
    const answer = await t.post(
      '/api/cart_box/upsert_custom_box',
      {
        key: `cb-${randomUUID()}`,
        grower: row.grower_key,
        eta_date: day,
        items: [{ inventory: row.inventory_key, quantity: 1 }],
        campaign_recipient: floristEvent,
      },
      attacker,
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, error: eventMessages.eventNotFound });
    expect(await state()).toEqual(before);
  });

  it('refuses a key that is not a string or is too long (400), and changes nothing', async () => {
    const row = regular();
    const before = await state();
    for (const campaign of [42, { $ne: null }, ['ev'], 'e'.repeat(65)]) {
      const answer = await t.post(
        '/api/cart_box/add_to_cart',
        { ...addArgs(row, day, 1), campaign_recipient: campaign },
        attacker,
      );
      expect(answer.status).toBe(400);
    }
    expect(await state()).toEqual(before);
  });

  it("puts the line in the buyer's own event", async () => {
    const row = regular();
    const answer = await t.post<{ success: boolean; items: { campaign_recipient?: string }[] }>(
      '/api/cart_box/add_to_cart',
      { ...addArgs(row, day, 1), campaign_recipient: floristEvent },
      florist,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((line) => line.campaign_recipient)).toContain(floristEvent);
  });
});
