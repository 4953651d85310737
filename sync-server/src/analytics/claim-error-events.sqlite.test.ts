import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_ERROR_MESSAGE_MAX } from '@stemline/shared';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** Spec §8: failed claims are logged as claim-error events, through `POST /api/event/`. */
describe('claim-error events', () => {
  let t: TestServer;
  let florist = '';

  beforeAll(async () => {
    t = await startTestServer();
    florist = await t.login(accounts.florist);
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const claimError = {
    name: 'claim_error',
    claim_key: 'claim-0001',
    order_key: 'o-1042',
    order_number: 'PO-1042',
    line_nos: [1, 3],
    code: 'not_found',
    message: 'That order was not found.',
  };
  const stored = async () =>
    (
      await t.sql.all<{ customer_key: string; props: string }>(
        "SELECT customer_key, props FROM analytics_events WHERE name = 'claim_error' ORDER BY id",
      )
    ).map((row) => ({ customer_key: row.customer_key, props: JSON.parse(row.props) as unknown }));

  it('stores a claim-error event with the claim, its order and lines, and the server message', async () => {
    const answer = await t.post(
      '/api/event/',
      [
        { props: { name: 'page_view', path: '/shopping/home/account/claims' } },
        { props: claimError, extra: {}, meta: { at: 1 } },
      ],
      florist,
    );
    expect(answer.body).toEqual({ success: true, stored: 2 });
    expect(await stored()).toEqual([{ customer_key: 'c-bennett', props: claimError }]);
  });

  const { code: _code, ...withoutCode } = claimError;
  it('takes one without a rejection code', async () => {
    const answer = await t.post('/api/event/', { props: withoutCode }, florist);
    expect(answer.body).toEqual({ success: true, stored: 1 });
  });

  it.each([
    ['without its order', { ...claimError, order_key: undefined }],
    ['without lines', { ...claimError, line_nos: [] }],
    ['with a line that is not a line number', { ...claimError, line_nos: [0] }],
    ['without a message', { ...claimError, message: '' }],
    [
      'with an overlong message',
      { ...claimError, message: 'x'.repeat(CLAIM_ERROR_MESSAGE_MAX + 1) },
    ],
    ['with a field it does not know', { ...claimError, card_number: '4242424242424242' }],
    ['with a code that is not one', { ...claimError, code: 'DROP TABLE' }],
  ])(
    'refuses a claim-error event %s with a 400, storing nothing of its batch',
    async (_what, props) => {
      const before = (await stored()).length;
      const answer = await t.post(
        '/api/event/',
        [{ props: { name: 'page_view', path: '/' } }, { props }],
        florist,
      );
      expect(answer.status).toBe(400);
      expect((await stored()).length).toBe(before);
      const views = await t.sql.one<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM analytics_events WHERE name = 'page_view'",
      );
      expect(Number(views?.n)).toBe(1);
    },
  );
});
