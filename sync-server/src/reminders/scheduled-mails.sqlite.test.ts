import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementNumber, type CartLine } from '@stemline/shared';
import { mailsTo } from '../test-support/accounts';
import { failInserts } from '../test-support/failing-insert';
import { createTestBuyersOf, type TestBuyer } from '../test-support/test-buyers';
import { addArgs, startTestServer, type TestServer } from '../test-support/test-server';
import { createMailScheduler } from './mail-scheduler';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The mail scheduler over a real server and its database (SQLite, or PostgreSQL in `npm run
 * test:pg`): the weekly statement honours
 * `customer_statement_email_weekly`, the cart reminder goes after 24 hours of a held line and
 * honours `notify_cart_reminder`, and each is sent once per customer and period however often
 * (and from however many schedulers) it runs.
 */
describe('scheduled mails', () => {
  let t: TestServer;
  let buyers: TestBuyer[] = [];

  const emailOf = (buyer: TestBuyer) => `${buyer.userKey}@load.test`;
  const mailsOfKind = async (buyer: TestBuyer, kind: string) =>
    (await mailsTo(t, emailOf(buyer))).filter((mail) => mail.kind === kind);
  const setPreferences = async (buyer: TestBuyer, preferences: Record<string, boolean>) => {
    const answer = await t.post('/api/customer/update_preferences', { preferences }, buyer.token);
    expect(answer.status).toBe(200);
  };
  const taken = new Set<number>();
  /** Adds one box of a regular row of the first delivery date by the clock; returns the row. */
  const addLine = async (buyer: TestBuyer): Promise<CartLine> => {
    const [day = 0] = t.deliveryDates(1);
    const { offers } = await t.catalog(buyer.token, day);
    const offer = offers.find(
      (o) => !o.open_market && o.available > 0 && !taken.has(o.inventory_key),
    );
    if (!offer) throw new Error('no free regular row');
    taken.add(offer.inventory_key);
    const answer = await t.post<{ items: CartLine[] }>(
      '/api/cart_box/add_to_cart',
      addArgs(offer, day, 1),
      buyer.token,
    );
    expect(answer.status).toBe(200);
    const line = answer.body.items.find((item) => item.inventory_key === offer.inventory_key);
    if (!line) throw new Error('the added line is not in the cart');
    return line;
  };

  beforeAll(async () => {
    t = await startTestServer();
    buyers = await createTestBuyersOf(t.sql, t.server.context.jwtSecret, 6, 'mail');
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('weekly statement', () => {
    it('goes once a week to a customer who turned it on, with the month so far, to the cent', async () => {
      const [on, off] = buyers;
      if (!on || !off) throw new Error('no buyers');
      await setPreferences(on, { customer_statement_email_weekly: true });
      await t.sql.run(
        "INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES ('w-pay', ?, 'payment', 4321, 'Wire transfer', ?)",
        [on.customerKey, t.clock.now - HOUR],
      );

      expect((await t.server.runScheduledMails()).weeklyStatements).toBe(1);
      const [mail] = await mailsOfKind(on, 'weekly_statement');
      expect(mail?.subject).toBe('Your Stemline statement for November 2026: -$43.21 owed');
      expect(mail?.text).toContain(statementNumber(on.customerKey, '2026-11'));
      expect(mail?.text).toMatch(/2026-11-18 {2}Payment {2}Wire transfer {2}-\$43\.21/);
      expect(mail?.text).toContain('Owed now: -$43.21');
      expect(mail?.links[0]).toMatch(/\/shopping\/home\/account$/);
      expect(mail?.links.at(-1)).toMatch(/\/unsubscribe\?token=/);
      expect(await mailsOfKind(off, 'weekly_statement')).toEqual([]);

      // Later the same week: nothing more. The next week: the next statement.
      t.clock.advance(2 * DAY);
      expect((await t.server.runScheduledMails()).weeklyStatements).toBe(0);
      t.clock.advance(5 * DAY);
      expect((await t.server.runScheduledMails()).weeklyStatements).toBe(1);
      expect(await mailsOfKind(on, 'weekly_statement')).toHaveLength(2);
      await setPreferences(on, { customer_statement_email_weekly: false });
      t.clock.advance(7 * DAY);
      expect((await t.server.runScheduledMails()).weeklyStatements).toBe(0);
    });

    it('sends a week’s statement once when two schedulers run at the same time', async () => {
      const [, , buyer] = buyers;
      if (!buyer) throw new Error('no buyer');
      await setPreferences(buyer, { customer_statement_email_weekly: true });
      const origin = () => t.url;
      const first = createMailScheduler(t.server.context, origin);
      const second = createMailScheduler(t.server.context, origin);
      const runs = await Promise.all([first.run(), second.run(), t.server.runScheduledMails()]);
      // Which run sends it is the engine's to decide (on PostgreSQL, whichever takes the lock).
      expect(runs.map((run) => run.weeklyStatements).sort()).toEqual([0, 0, 1]);
      expect(await mailsOfKind(buyer, 'weekly_statement')).toHaveLength(1);
      await setPreferences(buyer, { customer_statement_email_weekly: false });
    });

    it('keeps no key when the mail could not be queued, so the next run sends it', async () => {
      const [, , , buyer] = buyers;
      if (!buyer) throw new Error('no buyer');
      await setPreferences(buyer, { customer_statement_email_weekly: true });
      const keys = async () =>
        (
          await t.sql.one<{ n: number }>(
            "SELECT COUNT(*) AS n FROM scheduled_mails WHERE customer_key = ? AND kind = 'weekly_statement'",
            [buyer.customerKey],
          )
        )?.n;
      const removeFullOutbox = await failInserts(t, {
        name: 'outbox_full',
        table: 'mail_outbox',
        when: "NEW.kind = 'weekly_statement'",
        message: 'outbox full',
      });
      try {
        await expect(t.server.runScheduledMails()).rejects.toThrow('outbox full');
        expect(await keys()).toBe(0);
      } finally {
        await removeFullOutbox();
      }
      expect((await t.server.runScheduledMails()).weeklyStatements).toBe(1);
      expect(await keys()).toBe(1);
      expect(await mailsOfKind(buyer, 'weekly_statement')).toHaveLength(1);
      await setPreferences(buyer, { customer_statement_email_weekly: false });
    });
  });

  describe('cart reminder', () => {
    it('goes after a line has waited 24 hours, once, and again only after the cart changed and a day passed', async () => {
      const [, , , , buyer] = buyers;
      if (!buyer) throw new Error('no buyer');
      const line = await addLine(buyer);
      const reminders = () => mailsOfKind(buyer, 'cart_reminder');

      t.clock.advance(DAY - 60_000);
      await t.server.runScheduledMails();
      expect(await reminders()).toEqual([]);
      t.clock.advance(60_000);
      expect((await t.server.runScheduledMails()).cartReminders).toBeGreaterThanOrEqual(1);
      const [mail] = await reminders();
      expect(mail?.subject).toBe('Your flowers are still in your Stemline cart');
      expect(mail?.text).toContain(`- ${line.variety_name}, 1 box, delivery `);
      expect(mail?.links[0]).toMatch(/\/checkout$/);
      expect(mail?.links.at(-1)).toMatch(/\/unsubscribe\?token=/);

      // The same day, the next day, three days on: the untouched cart brings no second mail.
      for (const step of [HOUR, DAY, 2 * DAY]) {
        t.clock.advance(step);
        await t.server.runScheduledMails();
      }
      expect(await reminders()).toHaveLength(1);

      // The buyer adds a line but still does not check out: one more reminder a day later.
      await addLine(buyer);
      t.clock.advance(DAY);
      await t.server.runScheduledMails();
      await t.server.runScheduledMails();
      expect(await reminders()).toHaveLength(2);
    });

    it('is not sent when the buyer turned cart reminders off, nor for an empty cart', async () => {
      const [, , , , , buyer] = buyers;
      const [empty] = buyers;
      if (!buyer || !empty) throw new Error('no buyer');
      await setPreferences(buyer, { notify_cart_reminder: false });
      await addLine(buyer);
      t.clock.advance(2 * DAY);
      await t.server.runScheduledMails();
      expect(await mailsOfKind(buyer, 'cart_reminder')).toEqual([]);
      expect(await mailsOfKind(empty, 'cart_reminder')).toEqual([]);
    });
  });
});
