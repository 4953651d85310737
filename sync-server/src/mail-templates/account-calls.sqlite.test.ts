import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonths } from '@stemline/shared';
import { mailsTo, publicToken, run } from '../test-support/accounts';
import { accounts, startTestServer, type TestServer } from '../test-support/test-server';

/** Issue 26's remaining calls: farms, statements, analytics and mail templates. */
describe('farms, statements, analytics and mail templates', () => {
  let t: TestServer;
  let florist = '';
  let newbuyer = '';
  let manager = '';
  let visitor = '';
  let grower = '';

  beforeAll(async () => {
    t = await startTestServer();
    [florist, newbuyer, manager, visitor] = await Promise.all([
      t.login(accounts.florist),
      t.login(accounts.newbuyer),
      t.login(accounts.manager),
      publicToken(t),
    ]);
    grower =
      (await t.sql.one<{ key: string }>('SELECT key FROM growers ORDER BY key LIMIT 1'))?.key ?? '';
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  const countOf = async (table: string) =>
    Number((await t.sql.one<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n);
  const relations = () => t.sql.all('SELECT * FROM customer_growers ORDER BY 1, 2');

  describe('customer growers', () => {
    it('staff mark a farm preferred, then blocked, then clear it; the customer reads its own list', async () => {
      const change = (relation: string | null) =>
        run(
          t,
          'sales_change_customer_grower',
          { customer: 'c-bennett', grower, relation },
          manager,
        );
      expect((await change('preferred')).status).toBe(200);
      const own = await run(t, 'customer_grower_relationship', {}, florist);
      expect(own.body).toEqual({
        success: true,
        results: [{ grower_key: grower, relation: 'preferred' }],
      });
      await change('blocked');
      expect((await run(t, 'customer_grower_relationship', {}, florist)).body).toMatchObject({
        results: [{ grower_key: grower, relation: 'blocked' }],
      });
      // Another customer sees none of it, and cannot ask for it.
      expect((await run(t, 'customer_grower_relationship', {}, newbuyer)).body).toMatchObject({
        results: [],
      });
      expect(
        (await run(t, 'customer_grower_relationship', { customer: 'c-bennett' }, newbuyer)).status,
      ).toBe(403);
      await change(null);
      expect((await run(t, 'customer_grower_relationship', {}, florist)).body).toMatchObject({
        results: [],
      });
    });

    it('refuses the staff call to a florist and a visitor, and bad or unknown keys, changing nothing', async () => {
      const before = await relations();
      const params = { customer: 'c-bennett', grower, relation: 'blocked' };
      expect((await run(t, 'sales_change_customer_grower', params, florist)).status).toBe(403);
      expect((await run(t, 'sales_change_customer_grower', params, visitor)).status).toBe(403);
      const bad = [
        { ...params, relation: 'hated' },
        { ...params, grower: 'g-nobody' },
        { ...params, customer: 'c-nobody' },
      ];
      const statuses = await Promise.all(
        bad.map(async (p) => (await run(t, 'sales_change_customer_grower', p, manager)).status),
      );
      expect(statuses).toEqual([400, 404, 404]);
      expect(await relations()).toEqual(before);
    });
  });

  describe('statements', () => {
    it("builds the florist's monthly statements from orders, credits and payments, in cents", async () => {
      await t.sql.run(
        "INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES ('pay-1', 'c-bennett', 'payment', 12345, 'Card payment', ?)",
        [t.clock.now - 1000],
      );
      const answer = await run(t, 'list_statements', { months: 3 }, florist);
      expect(answer.status).toBe(200);
      const { results } = answer.body as {
        results: {
          month: string;
          opening_cents: number;
          closing_cents: number;
          payments_cents: number;
          entries: { kind: string; amount_cents: number }[];
        }[];
      };
      expect(results.map((s) => s.month)).toEqual(lastMonths(t.clock.now, 3));
      const [current] = results;
      expect(current?.payments_cents).toBe(-12345);
      for (const statement of results) {
        const sum = statement.entries.reduce((total, e) => total + e.amount_cents, 0);
        expect(statement.closing_cents).toBe(statement.opening_cents + sum);
        expect(Number.isInteger(statement.closing_cents)).toBe(true);
      }
      const orders = Number(
        (
          await t.sql.one<{ cents: number | string }>(
            "SELECT CAST(SUM(total_cents) AS BIGINT) AS cents FROM orders WHERE customer_key = 'c-bennett' AND status != 'cancelled'",
          )
        )?.cents,
      );
      expect(current?.closing_cents).toBe(orders - 12345);
    });

    it('downloads a statement as CSV, and refuses another customer, a visitor and bad months', async () => {
      const month = lastMonths(t.clock.now, 1)[0] ?? '';
      const csv = await t.request<string>(`/api/statements/${month}.csv`, { token: florist });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toContain(`stemline-statement-${month}.csv`);
      expect(csv.body).toContain('"payment","Card payment","-123.45"');
      const other = await t.request<string>(`/api/statements/${month}.csv`, { token: newbuyer });
      expect(other.body).not.toContain('Card payment');
      expect((await run(t, 'list_statements', { customer: 'c-bennett' }, newbuyer)).status).toBe(
        403,
      );
      // The CSV refuses naming another customer as the JSON call does, not a download of one's own.
      const foreign = await t.request<string>(`/api/statements/${month}.csv?customer=c-bennett`, {
        token: newbuyer,
      });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('content-disposition')).toBeNull();
      expect(JSON.stringify(foreign.body)).not.toContain('Card payment');
      const own = await t.request<string>(`/api/statements/${month}.csv?customer=c-bennett`, {
        token: florist,
      });
      expect(own.status).toBe(200);
      expect(own.body).toBe(csv.body);
      expect((await run(t, 'list_statements', {}, visitor)).status).toBe(403);
      expect((await t.request('/api/statements/2026-13.csv', { token: florist })).status).toBe(400);
      expect((await run(t, 'list_statements', { months: 500 }, florist)).status).toBe(400);
    });
  });

  describe('analytics events', () => {
    it('stores single and batched events with the address, and staff see them per day and name', async () => {
      const one = await t.post(
        '/api/event/',
        { props: { name: 'page_view', path: '/shopping/home' }, extra: {}, meta: {} },
        florist,
      );
      expect(one.body).toEqual({ success: true, stored: 1 });
      const batch = await t.post(
        '/api/event/',
        [
          { props: { name: 'page_view' }, extra: {}, meta: {} },
          { props: { name: 'add_to_cart' }, extra: { boxes: 2 }, meta: {} },
        ],
        visitor,
      );
      expect(batch.body).toEqual({ success: true, stored: 2 });
      const stored = await t.sql.all('SELECT name, customer_key, ip FROM analytics_events');
      expect(stored).toContainEqual({
        name: 'page_view',
        customer_key: 'c-bennett',
        ip: '127.0.0.1',
      });

      const summary = await t.get('/api/event/summary?days=1', manager);
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({
        results: expect.arrayContaining([
          expect.objectContaining({ name: 'page_view', count: 2 }),
          expect.objectContaining({ name: 'add_to_cart', count: 1 }),
        ]) as unknown,
      });
      expect((await t.get('/api/event/summary', florist)).status).toBe(403);
    });

    it.each([
      ['no name', { props: {}, extra: {}, meta: {} }],
      ['an overlong batch', Array.from({ length: 51 }, () => ({ props: { name: 'x' } }))],
      ['an empty batch', []],
    ])('refuses %s with a 400, storing nothing', async (_what, body) => {
      const before = await countOf('analytics_events');
      expect((await t.post('/api/event/', body, florist)).status).toBe(400);
      expect(await countOf('analytics_events')).toBe(before);
    });
  });

  describe('notification options', () => {
    const stored = async () =>
      JSON.parse(
        (
          await t.sql.one<{ preferences: string }>(
            "SELECT preferences FROM customers WHERE key = 'c-bennett'",
          )
        )?.preferences ?? 'null',
      ) as Record<string, unknown>;

    it('saves the notification options in the preferences, merged with what is there', async () => {
      const answer = await t.post(
        '/api/customer/update_preferences',
        { preferences: { notify_promos: true, customer_statement_email_weekly: true } },
        florist,
      );
      expect(answer.status).toBe(200);
      await t.post(
        '/api/customer/update_preferences',
        { preferences: { notify_cart_reminder: false } },
        florist,
      );
      expect(await stored()).toMatchObject({
        notify_promos: true,
        customer_statement_email_weekly: true,
        notify_cart_reminder: false,
      });
    });

    it.each([
      ['an unknown option', { notify_everything: true }],
      ['a non-boolean', { notify_promos: 'yes' }],
      ['nothing', {}],
    ])('refuses %s with a 400, changing nothing', async (_what, preferences) => {
      const before = await stored();
      const answer = await t.post('/api/customer/update_preferences', { preferences }, florist);
      expect(answer.status).toBe(400);
      expect(await stored()).toEqual(before);
    });
  });

  describe('mail templates', () => {
    it('staff send a template, rendered for the customer from its file', async () => {
      const answer = await t.post(
        '/api/mail/sent_email_template',
        { template: 'event_planning', customer: 'c-bennett' },
        manager,
      );
      expect(answer.status).toBe(200);
      const mail = (await mailsTo(t, accounts.florist)).find(
        (m) => m.subject === 'Plan the flowers for your next event',
      );
      expect(mail?.text).toMatch(/^Hello \S+,/);
      expect(mail?.text).toContain('/shopping/home/account/events');
    });

    it.each([
      ['a florist', () => florist, { template: 'welcome', customer: 'c-bennett' }, 403],
      ['a visitor', () => visitor, { template: 'welcome', customer: 'c-bennett' }, 403],
      ['a path as template', () => manager, { template: '../package', customer: 'c-bennett' }, 400],
      ['an unknown template', () => manager, { template: 'nope', customer: 'c-bennett' }, 404],
      ['an unknown customer', () => manager, { template: 'welcome', customer: 'c-nobody' }, 404],
    ])('refuses %s, mailing no one', async (_what, token, body, status) => {
      const before = await countOf('mail_outbox');
      expect((await t.post('/api/mail/sent_email_template', body, token())).status).toBe(status);
      expect(await countOf('mail_outbox')).toBe(before);
    });
  });
});
