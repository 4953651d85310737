import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutReviewSchema,
  creditMessages,
  fromDollars,
  ORDER_MONEY,
  placeOrderAnswerSchema,
  pullAnswerSchema,
  pushAnswerSchema,
  unitsPerBox,
  type CartGroup,
  type Claim,
  type Offer,
  type Order,
  type SavedCard,
  type Statement,
} from '@stemline/shared';
import { saveTestCard } from '../test-support/cards';
import { checkoutStateOf } from '../test-support/checkout-state';
import { ARRIVED_ORDER, claimCalls } from '../test-support/claim-fixture';
import {
  accounts,
  addArgs,
  createOfferPicker,
  startTestServer,
  type TestServer,
} from '../test-support/test-server';

const PLACE = '/api/checkout/place_order';
const stockBoxes = (offer: Offer): number => Math.floor(offer.available / unitsPerBox(offer));

describe(
  'account credit: a credited claim is on the balance, checkout takes it off (issue 24)',
  {
    timeout: 60_000,
  },
  () => {
    let t: TestServer;
    let florist = '';
    let newbuyer = '';
    let manager = '';
    let day1 = 0;
    let late = 0;
    let pick: ReturnType<typeof createOfferPicker>;
    let pickLate: ReturnType<typeof createOfferPicker>;
    const cards: Record<string, SavedCard> = {};
    let calls: ReturnType<typeof claimCalls>;
    let serial = 0;

    /** Every ledger row, as the database holds it. */
    const ledger = () => t.sql.all('SELECT * FROM account_entries ORDER BY key');
    /** A customer's spendable credit, summed here from the rows (not by the code under test). */
    const balanceCents = async (customerKey: string): Promise<number> =>
      Number(
        (
          await t.sql.one<{ cents: number | string }>(
            `SELECT CAST(COALESCE(SUM(CASE kind WHEN 'credit' THEN amount_cents
             WHEN 'credit_applied' THEN -amount_cents ELSE 0 END), 0) AS BIGINT) AS cents
           FROM account_entries WHERE customer_key = ?`,
            [customerKey],
          )
        )?.cents ?? 0,
      );
    const state = async () => ({ ...(await checkoutStateOf(t.sql)), ledger: await ledger() });

    async function fillCart(token: string, boxes = 1, etaDate = day1): Promise<void> {
      const offer = (etaDate === late ? pickLate : pick)(
        'is a regular row with stock',
        (o) => !o.open_market && stockBoxes(o) >= 3,
      );
      const answer = await t.post(
        '/api/cart_box/add_to_cart',
        addArgs(offer, etaDate, boxes),
        token,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    async function emptyCart(token: string): Promise<void> {
      const listed = await t.post<{ results: CartGroup[] }>(
        '/api/cs/run',
        { key: 'list_carts' },
        token,
      );
      const keys = listed.body.results.flatMap((group) => group.items.map((line) => line.key));
      if (keys.length > 0)
        expect((await t.post('/api/cart_box/delete_boxes', { keys }, token)).status).toBe(200);
    }
    async function review(token: string) {
      const answer = await t.post('/api/checkout/review', {}, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return checkoutReviewSchema.parse(answer.body);
    }
    async function placeOk(token: string, body: Record<string, unknown>): Promise<Order> {
      const answer = await t.post(PLACE, body, token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return placeOrderAnswerSchema.parse(answer.body).result;
    }
    /**
     * Staff credit `amountCents` on a fresh claim of the florist (4 photos, every delivered
     * unit of a line, so the claim is worth more than the credit: a credit is capped at it).
     */
    async function creditedClaim(amountCents: number, lineNo: number): Promise<Claim> {
      const key = `credit-claim-${(serial += 1)}-xyz`;
      const folder = await calls.folderWithPhotos(florist, key);
      const setup = await calls.run(florist, 'claim_setup', { order_key: ARRIVED_ORDER });
      const delivered = (
        setup.body as { result: { lines: { line_no: number; units_delivered: number }[] } }
      ).result.lines.find((line) => line.line_no === lineNo)?.units_delivered;
      const filed = await calls.run(florist, 'claim_finish', {
        claim_key: key,
        order_key: ARRIVED_ORDER,
        folder_key: folder,
        lines: [{ line_no: lineNo, units: delivered ?? 1 }],
        reason: 'Broken stems',
      });
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
      const credited = await calls.run(manager, 'claim_review', {
        customer: 'c-bennett',
        claim_key: key,
        decision: 'credited',
        amount_cents: amountCents,
      });
      expect(credited.status, JSON.stringify(credited.body)).toBe(200);
      return (credited.body as { result: Claim }).result;
    }
    /** Gives the florist `cents` of credit the way staff do, then spends none of it. */
    async function grant(customerKey: string, cents: number): Promise<void> {
      await t.sql.run(
        "INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, 'credit', ?, 'Goodwill', ?)",
        [`test-grant-${randomUUID()}`, customerKey, cents, t.clock.now],
      );
    }
    /** Spends whatever credit is left on a throwaway order, so a test starts from zero. */
    async function spendAll(token: string, customerKey: string): Promise<void> {
      const left = await balanceCents(customerKey);
      if (left === 0) return;
      await t.sql.run(
        "INSERT INTO account_entries (key, customer_key, kind, amount_cents, note, at) VALUES (?, ?, 'credit_applied', ?, 'Reset', ?)",
        [`test-reset-${randomUUID()}`, customerKey, left, t.clock.now],
      );
      expect((await review(token)).credit_available_cents).toBe(0);
    }

    beforeAll(async () => {
      t = await startTestServer();
      calls = claimCalls(t);
      [florist, newbuyer, manager] = await Promise.all([
        t.login(accounts.florist),
        t.login(accounts.newbuyer),
        t.login(accounts.manager),
      ]);
      const dates = t.deliveryDates(4);
      day1 = dates[0] ?? 0;
      late = dates[3] ?? 0;
      pick = createOfferPicker((await t.catalog(florist, day1)).offers);
      // A later date, far enough ahead for its order to be cancelled.
      pickLate = createOfferPicker((await t.catalog(florist, late)).offers);
      cards.florist = await saveTestCard(t, florist);
      cards.newbuyer = await saveTestCard(t, newbuyer, { number: '5555 5555 5555 4444' });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
    });

    it('staff credit a claim: the amount goes on the buyer’s balance, once, and checkout shows it', async () => {
      const claim = await creditedClaim(1235, 1);
      expect(claim.credit_amount_cents).toBe(1235);
      expect(await balanceCents('c-bennett')).toBe(1235);
      expect(await ledger()).toEqual([
        expect.objectContaining({
          customer_key: 'c-bennett',
          kind: 'credit',
          amount_cents: 1235,
          note: creditMessages.claimCreditNote(claim.number),
        }),
      ]);
      const again = await calls.run(manager, 'claim_review', {
        customer: 'c-bennett',
        claim_key: claim.key,
        decision: 'credited',
        amount_cents: 5000,
      });
      expect(again.status).toBe(409);
      expect(await balanceCents('c-bennett')).toBe(1235);

      await fillCart(florist);
      const preview = await review(florist);
      expect(preview.credit_available_cents).toBe(1235);
      const gross = preview.subtotal_cents - preview.discount_cents;
      expect(preview.credit_applied_cents).toBe(Math.min(1235, gross));
      expect(preview.total_cents).toBe(gross - Math.min(1235, gross));
      // Another buyer sees none of it.
      expect((await review(newbuyer)).credit_available_cents).toBe(0);
    });

    it('checkout applies it on the order and in its total; the balance drops by exactly that', async () => {
      const before = await balanceCents('c-bennett');
      expect(before).toBe(1235);
      const order = await placeOk(florist, { card_key: cards.florist?.key });
      const gross = order.subtotal_cents - order.discount_cents;
      const applied = Math.min(before, gross);
      expect(order.credit_applied_cents ?? -1).toBe(applied);
      expect(order.total_cents).toBe(gross - applied);
      expect(await balanceCents('c-bennett')).toBe(before - applied);
      // The synced order carries the credit line too.
      const pulled = pullAnswerSchema.parse(
        (await t.get('/api/sync/pull/orders?checkpoint=0', florist)).body,
      );
      expect(pulled.documents.find((doc) => doc.key === order.key)).toMatchObject({
        credit_applied_cents: order.credit_applied_cents,
        total_cents: order.total_cents,
      });
      // The statement charges the order net of the credit and lists the credit it took: what is
      // owed adds up to the order before credit, less the claim's credit.
      const statements = await calls.run(florist, 'list_statements', { months: 1 });
      const [month] = (statements.body as { results: Statement[] }).results;
      const entries = month?.entries ?? [];
      expect(entries).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'credit', amount_cents: -1235 }),
          expect.objectContaining({
            kind: 'credit',
            amount_cents: applied,
            reference: creditMessages.appliedNote(order.number),
          }),
          expect.objectContaining({ kind: 'order', amount_cents: gross - applied }),
        ]),
      );
    });

    it('a credit larger than the order: the total goes to $0.00 and the rest waits for the next order', async () => {
      await spendAll(florist, 'c-bennett');
      await grant('c-bennett', 1_000_000);
      await fillCart(florist);
      const first = await placeOk(florist, { card_key: cards.florist?.key });
      const gross = first.subtotal_cents - first.discount_cents;
      expect(first.total_cents).toBe(0);
      expect(first.credit_applied_cents ?? 0).toBe(gross);
      expect(await balanceCents('c-bennett')).toBe(1_000_000 - gross);
      await fillCart(florist);
      const second = await placeOk(florist, { card_key: cards.florist?.key });
      const gross2 = second.subtotal_cents - second.discount_cents;
      expect(second.total_cents).toBe(0);
      expect(await balanceCents('c-bennett')).toBe(1_000_000 - gross - gross2);
    });

    it('two checkouts at once with one credit: it is applied once, never below zero', async () => {
      await spendAll(florist, 'c-bennett');
      await grant('c-bennett', 500);
      await fillCart(florist);
      const appliedRows = async () =>
        Number(
          (
            await t.sql.one<{ n: number | string }>(
              "SELECT COUNT(*) AS n FROM account_entries WHERE customer_key = 'c-bennett' AND kind = 'credit_applied'",
            )
          )?.n,
        );
      const appliedBefore = await appliedRows();
      const clientId = 'device-credit';
      const push = {
        clientId,
        mutations: [
          {
            id: `m-${randomUUID()}`,
            clientId,
            name: 'place_order',
            args: { card_key: cards.florist?.key, order_key: `o-push-${randomUUID()}` },
            createdAt: t.clock.now,
          },
        ],
      };
      const answers = await Promise.all([
        t.post(
          PLACE,
          { card_key: cards.florist?.key, order_key: `o-rest-${randomUUID()}` },
          florist,
        ),
        t.post('/api/sync/push', push, florist),
        t.post(
          PLACE,
          { card_key: cards.florist?.key, order_key: `o-rest-${randomUUID()}` },
          florist,
        ),
        t.post('/api/sync/push', push, florist),
      ]);
      const placedByRest = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length;
      const placedByPush = pushAnswerSchema
        .parse(answers[1]?.body)
        .results.filter((r) => r.status === 'applied').length;
      // One cart, one order: whichever came first; the replayed push answers the same result.
      expect(placedByRest + placedByPush).toBe(1);
      expect(answers[3]?.body).toEqual(answers[1]?.body);
      expect(await appliedRows()).toBe(appliedBefore + 1);
      expect(await balanceCents('c-bennett')).toBeGreaterThanOrEqual(0);
      expect(await balanceCents('c-bennett')).toBeLessThan(500);

      // The same order key again cannot take the credit a second time.
      const taken =
        (
          await t.sql.one<{ key: string }>(
            "SELECT key FROM orders WHERE customer_key = 'c-bennett' ORDER BY created_at DESC, key DESC",
          )
        )?.key ?? '';
      await grant('c-bennett', 300);
      await fillCart(florist);
      const before = await state();
      const replay = await t.post(
        PLACE,
        { card_key: cards.florist?.key, order_key: taken },
        florist,
      );
      expect(replay.status).toBe(409);
      expect(await state()).toEqual(before);
    });

    it('a cancelled order gives back the credit it took', async () => {
      await spendAll(florist, 'c-bennett');
      await grant('c-bennett', 700);
      await emptyCart(florist);
      await fillCart(florist, 1, late);
      const order = await placeOk(florist, { card_key: cards.florist?.key });
      const applied = order.credit_applied_cents ?? 0;
      expect(applied).toBeGreaterThan(0);
      expect(await balanceCents('c-bennett')).toBe(700 - applied);
      const cancel = await calls.run(florist, 'cancel_order', { order_key: order.key });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      // A spec call: the order's amounts in dollars, as they always were.
      expect((cancel.body as { result: unknown }).result).toMatchObject({
        status: 'cancelled',
        credit_applied: 0,
        total: 0,
      });
      expect(fromDollars((cancel.body as { result: unknown }).result, ORDER_MONEY)).toMatchObject({
        status: 'cancelled',
        credit_applied_cents: 0,
        total_cents: 0,
      });
      expect(await balanceCents('c-bennett')).toBe(700);
    });

    describe('as an attacker would try it: nothing of another’s credit, nothing forged', () => {
      it('another customer checks out: none of the florist’s credit is used', async () => {
        await spendAll(florist, 'c-bennett');
        await grant('c-bennett', 2500);
        await fillCart(newbuyer);
        const order = await placeOk(newbuyer, { card_key: cards.newbuyer?.key });
        expect(order.credit_applied_cents).toBe(0);
        expect(order.total_cents).toBe(order.subtotal_cents - order.discount_cents);
        expect(await balanceCents('c-bennett')).toBe(2500);
        expect(await balanceCents('c-park')).toBe(0);
      });

      it('checking out as the florist from another account is refused, changing nothing', async () => {
        await fillCart(newbuyer);
        const before = await state();
        const answer = await t.post(
          PLACE,
          { card_key: cards.newbuyer?.key, customer: 'c-bennett' },
          newbuyer,
        );
        expect(answer.status).toBe(403);
        expect(await state()).toEqual(before);
      });

      it('a forged or negative credit in the checkout body is ignored: only the real balance counts', async () => {
        const customerKey = 'c-park';
        const order = await placeOk(newbuyer, {
          card_key: cards.newbuyer?.key,
          credit_applied: 1_000_000,
          credit_applied_cents: 100_000_000,
          credit: -50,
          credit_available: 99_999,
          credit_available_cents: 9_999_900,
          total: 0,
          total_cents: 0,
          amount_cents: -100,
        });
        expect(order.credit_applied_cents).toBe(0);
        expect(order.total_cents).toBeGreaterThan(0);
        expect(order.total_cents).toBe(order.subtotal_cents - order.discount_cents);
        expect(await balanceCents(customerKey)).toBe(0);
        expect(
          (await ledger()).some(
            (row) => (row as { customer_key: string }).customer_key === customerKey,
          ),
        ).toBe(false);
      });

      it.each([
        ['a negative credit', -2500],
        ['a zero credit', 0],
        ['a fraction of a cent', 0.4],
        ['a credit in dollars, not whole cents', 12.35],
        ['a credit given as text', '2500'],
      ])('staff review with %s is refused, changing nothing', async (_name, amount) => {
        const key = `credit-bad-${(serial += 1)}-xyz`;
        const folder = await calls.folderWithPhotos(florist, key);
        const filed = await calls.run(florist, 'claim_finish', {
          claim_key: key,
          order_key: ARRIVED_ORDER,
          folder_key: folder,
          lines: [{ line_no: 2 + (serial % 2), units: 1 }],
          reason: 'Broken stems',
        });
        expect(filed.status, JSON.stringify(filed.body)).toBe(200);
        const before = {
          ledger: await ledger(),
          claims: await t.sql.all('SELECT * FROM claims ORDER BY customer_key, key'),
        };
        const answer = await calls.run(manager, 'claim_review', {
          customer: 'c-bennett',
          claim_key: key,
          decision: 'credited',
          amount_cents: amount,
        });
        expect(answer.status).toBe(400);
        expect({
          ledger: await ledger(),
          claims: await t.sql.all('SELECT * FROM claims ORDER BY customer_key, key'),
        }).toEqual(before);
        expect((await calls.run(florist, 'claim_delete', { claim_key: key })).status).toBe(200);
      });

      it('a buyer cannot credit their own claim', async () => {
        const before = await ledger();
        const forged = await calls.run(florist, 'claim_review', {
          customer: 'c-bennett',
          claim_key: 'credit-claim-1-xyz',
          decision: 'credited',
          amount_cents: 99_900,
        });
        expect(forged.status).toBe(403);
        expect(await ledger()).toEqual(before);
      });
    });
  },
);
