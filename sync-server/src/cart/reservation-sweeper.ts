import { stemlineMessages, unitsForBoxes, type CartLine } from '@stemline/shared';
import type { AppContext } from '../app-context';
import { lockCustomers } from '../db/key-lock';
import { scheduledJob } from '../db/scheduled-job';
import { createRemovedLineReport } from './removed-line-report';

/**
 * Releases held lines whose 30-minute reservation has ended by the server clock (open-market
 * lines, and every line of a guest whose email is not confirmed: shared `holdsEveryLine`): the
 * stock goes back to the offer, the line becomes a tombstone, and the buyer is told once
 * (removed-line-report.ts: a guest by the removed-products message, anyone else by a notice).
 * Each tick is one transaction on one node at a time (db/scheduled-job.ts): a tick while another
 * node runs one does nothing, and a node that dies mid-tick leaves nothing half done.
 * A line is released under its customer's lock (db/key-lock.ts), as every cart writer changes
 * it, and read again inside the lock: a buyer who adds boxes, extends the hold or checks out on
 * another node while the tick starts is either seen whole or not at all, never half.
 * Resolves to how many lines it released.
 */
export function createReservationSweeper(app: AppContext) {
  const { catalog, cart, deletedProducts: deleted } = app.repos;
  const reportRemovedLine = createRemovedLineReport(app);
  const exclusive = scheduledJob(app.engine, 'stemline:reservation-sweep');

  const sweepBatch = app.transactional(async (nowMs: number) => {
    const customers = await cart.customersWithExpiredLines(nowMs);
    // Every lock before any write, in the one lock order: a buyer holds one customer's lock and
    // then row locks of offers, so taking a lock after writing an offer could deadlock with one.
    await lockCustomers(app.engine, customers);
    const released: { customerKey: string; line: CartLine }[] = [];
    for (const customerKey of customers) {
      for (const line of await cart.expiredLinesOf(customerKey, nowMs))
        released.push({ customerKey, line });
    }
    const guests = new Set<string>();
    for (const customerKey of customers)
      if ((await app.repos.customers.get(customerKey))?.guest) guests.add(customerKey);
    for (const { customerKey, line } of released) {
      const seq = await app.changes.next();
      await catalog.returnStock(line.inventory_key, unitsForBoxes(line, line.boxes), seq);
      await cart.deleteLine(customerKey, line.key, seq);
      await reportRemovedLine(customerKey, guests.has(customerKey), line, {
        key: `expired-${line.key}-${seq}`,
        kind: 'reservation_expired',
        message: stemlineMessages.reservationExpired(line.variety_name, line.boxes),
        reason: 'reservation_expired',
        nowMs,
      });
    }
    await deleted.prune();
    return released.map((entry) => entry.customerKey);
  });

  return async function sweep(): Promise<number> {
    const tick = await exclusive(() => sweepBatch(app.now()));
    if (!tick.ran) return 0;
    const customers = tick.value;
    for (const customerKey of new Set(customers))
      app.changes.poke(customerKey, ['cart_lines', 'notices']);
    return customers.length;
  };
}
