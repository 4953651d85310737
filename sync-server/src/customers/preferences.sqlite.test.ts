import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryMessages,
  preferencesSchema,
  pushAnswerSchema,
  validateAnswerSchema,
} from '@stemline/shared';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

describe('customer preferences', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const customers = () => t.sql.all('SELECT key, preferences FROM customers ORDER BY key');
  /** The user's preferences as a fresh session reports them. */
  async function preferencesOnLogin(email: string) {
    const token = await t.login(email);
    const answer = validateAnswerSchema.parse(
      (await t.get(`/api/security/validate?token=${token}`)).body,
    );
    return preferencesSchema.parse(JSON.parse(answer.user?.metadata.preferences ?? '{}'));
  }

  it('sets isDayDeliveryAutoSelected for a customer with no orders, kept across logins', async () => {
    const token = await t.login(accounts.newbuyer);
    const answer = await t.post(
      '/api/customer/update_preferences',
      { preferences: { isDayDeliveryAutoSelected: true } },
      token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      preferences: { isDayDeliveryAutoSelected: true },
    });
    expect(await preferencesOnLogin(accounts.newbuyer)).toMatchObject({
      isDayDeliveryAutoSelected: true,
    });
  });

  it('sets it for a guest through the queued mutation', async () => {
    const token = await t.login(accounts.guest);
    const answer = await t.post(
      '/api/sync/push',
      {
        clientId: 'device-1',
        mutations: [
          {
            id: `m-${randomUUID()}`,
            clientId: 'device-1',
            name: 'update_preferences',
            args: { preferences: { isDayDeliveryAutoSelected: true } },
            createdAt: t.clock.now,
          },
        ],
      },
      token,
    );
    expect(pushAnswerSchema.parse(answer.body).results[0]).toMatchObject({ status: 'applied' });
    expect(await preferencesOnLogin(accounts.guest)).toMatchObject({
      isDayDeliveryAutoSelected: true,
    });
  });

  it('refuses it for a customer with more than one order and changes nothing', async () => {
    const token = await t.login(accounts.florist);
    const before = await customers();
    const answer = await t.post(
      '/api/customer/update_preferences',
      { preferences: { isDayDeliveryAutoSelected: true } },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: deliveryMessages.autoDateNotAllowed,
    });
    expect(await customers()).toEqual(before);
  });

  const hostile: { name: string; body: unknown }[] = [
    {
      name: 'a preference the device may not set',
      body: { preferences: { email_verified: true } },
    },
    {
      name: 'an extra key beside the flag',
      body: { preferences: { isDayDeliveryAutoSelected: true, created_by_hunter: true } },
    },
    { name: 'the flag as a string', body: { preferences: { isDayDeliveryAutoSelected: 'yes' } } },
    {
      name: 'preferences as JSON text',
      body: { preferences: '{"isDayDeliveryAutoSelected":true}' },
    },
    { name: 'an empty body', body: {} },
    {
      name: 'a prototype key',
      body: JSON.parse('{"preferences":{"__proto__":{"email_verified":true}}}'),
    },
  ];
  for (const { name, body } of hostile) {
    it(`answers 400 to ${name} and changes nothing`, async () => {
      const token = await t.login(accounts.newbuyer);
      const before = await customers();
      const answer = await t.post('/api/customer/update_preferences', body, token);
      expect(answer.status).toBe(400);
      expect(await customers()).toEqual(before);
    });
  }
});
