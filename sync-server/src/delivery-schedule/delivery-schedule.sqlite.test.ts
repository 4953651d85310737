import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryScheduleAnswerSchema, scheduleMessages } from '@stemline/shared';
import { publicToken, run } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

describe('delivery schedules and zip codes', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let visitor = '';

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager, visitor] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
      publicToken(t),
    ]);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const schedule = async (token: string, params: unknown = {}) => {
    const answer = await run(t, 'delivery_schedule', params, token);
    expect(answer.status).toBe(200);
    return deliveryScheduleAnswerSchema.parse(answer.body).results;
  };
  const forced = () => t.sql.all('SELECT key, force_zipcode FROM customers ORDER BY key');

  it("answers the weekdays and cut-off of the buyer's main address", async () => {
    expect(await schedule(florist)).toEqual({
      zipcode: '07030',
      region: 'zip:0',
      weekdays: [1, 2, 3, 4, 5],
      cutoff: '12:00',
      forced: false,
    });
  });

  it.each([
    ['33101', 'FL', 'state:FL', [2, 4]],
    ['10001', 'NY', 'zip:100', [1, 2, 3, 4, 5]],
    ['96801', 'HI', 'zip:968', []],
  ])('answers the schedule of %s, %s by %s', async (zipcode, state, region, weekdays) => {
    expect(await schedule(florist, { zipcode, state })).toMatchObject({ region, weekdays });
  });

  it('answers by the zip code alone to a visitor (sign-up) and says so plainly', async () => {
    const ask = (zipcode: string) =>
      t.post('/api/customer/zipcode_available', { zipcode }, visitor);
    expect((await ask('07030')).body).toEqual({
      success: true,
      zipcode: '07030',
      available: true,
      forced: false,
      message: scheduleMessages.zipcodeAvailable('07030'),
    });
    expect((await ask('99501')).body).toMatchObject({
      available: false,
      message: scheduleMessages.zipcodeUnavailable('99501'),
    });
  });

  it.each([['0703'], ['070300'], ['abcde'], [''], [7030]])(
    'refuses the zip code %j with a 400',
    async (zipcode) => {
      const answer = await t.post('/api/customer/zipcode_available', { zipcode }, visitor);
      expect(answer.status).toBe(400);
    },
  );

  it("refuses another customer's schedule", async () => {
    expect((await run(t, 'delivery_schedule', { customer: 'c-bennett' }, newbuyer)).status).toBe(
      403,
    );
  });

  it('lets staff force a zip code for one customer; only that customer gets it', async () => {
    const answer = await t.post(
      '/api/customer/update_force_zipcode',
      { customer: 'c-park', zipcode: '99501' },
      manager,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, force: true });
    const ask = (token: string) =>
      t.post('/api/customer/zipcode_available', { zipcode: '99501' }, token);
    expect((await ask(newbuyer)).body).toMatchObject({ available: true, forced: true });
    expect((await ask(florist)).body).toMatchObject({ available: false, forced: false });
    expect(await schedule(newbuyer, { zipcode: '99501' })).toMatchObject({
      weekdays: [1, 2, 3, 4, 5],
      forced: true,
    });

    await t.post(
      '/api/customer/update_force_zipcode',
      { customer: 'c-park', zipcode: '99501', force: false },
      manager,
    );
    expect((await ask(newbuyer)).body).toMatchObject({ available: false, forced: false });
  });

  it('refuses update_force_zipcode to a florist, a visitor and no token, changing nothing', async () => {
    const before = await forced();
    for (const token of [florist, visitor]) {
      const answer = await t.post(
        '/api/customer/update_force_zipcode',
        { customer: 'c-bennett', zipcode: '99501' },
        token,
      );
      expect(answer.status).toBe(403);
    }
    const noToken = await t.post('/api/customer/update_force_zipcode', {
      customer: 'c-bennett',
      zipcode: '99501',
    });
    expect(noToken.status).toBe(401);
    expect(await forced()).toEqual(before);
  });

  it('answers 404 for an unknown customer and 400 for a bad body, changing nothing', async () => {
    const before = await forced();
    const unknown = await t.post(
      '/api/customer/update_force_zipcode',
      { customer: 'c-nobody', zipcode: '07030' },
      manager,
    );
    expect(unknown.status).toBe(404);
    const bad = await t.post(
      '/api/customer/update_force_zipcode',
      { customer: 'c-bennett', zipcode: '07030; DROP TABLE customers' },
      manager,
    );
    expect(bad.status).toBe(400);
    expect(await forced()).toEqual(before);
  });
});
