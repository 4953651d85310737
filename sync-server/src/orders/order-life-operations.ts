import type { Context } from 'koa';
import { z } from 'zod';
import {
  checkoutMessages,
  lineRowId,
  orderRefParamsSchema,
  rowJourney,
  stemlineMessages,
  type Order,
  type OrderFulfillment,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { authClaims } from '../auth/require-auth';
import { callerCustomer } from '../auth/caller-customer';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';

const staffStepSchema = z.object({
  customer: z.string().min(1).max(64),
  order_key: z.string().min(1).max(64),
  /** One line; none means every row of the order not cancelled. */
  line_no: z.number().int().positive().optional(),
});
const shipSchema = staffStepSchema.extend({
  carrier: z.string().trim().min(1).max(40),
  tracking_number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Expected 4–40 letters, digits or -'),
});

/**
 * The order's life (issue 24). `carrier_tracking` (the spec's carrier-tracking operation) answers
 * each row's journey by the server clock: stage, arrival flag, carrier and tracking number.
 * `order_confirm`, `order_ship` (carrier and tracking number) and `order_arrive` are for staff
 * and growers only: they record a stage sooner than the clock would.
 */
export function orderLifeOperations(app: AppContext): RunOperations {
  const { orders, users } = app.repos;

  function requireFulfillmentStaff(ctx: Context): void {
    const claims = authClaims(ctx);
    const stored = claims.scope === 'public' ? undefined : users.findByKey(claims.sub);
    const role = stored?.user.role;
    if (claims.from_manager || !stored?.active || (role !== 'manager' && role !== 'grower'))
      throw new DomainError('forbidden', stemlineMessages.forbidden);
  }

  const record = app.transactional(
    (params: z.infer<typeof staffStepSchema>, change: Partial<OrderFulfillment>): Order => {
      const order = orders.get(params.customer, params.order_key);
      if (!order) throw new DomainError('not_found', checkoutMessages.orderNotFound);
      const hits = (lineNo: number) => params.line_no === undefined || params.line_no === lineNo;
      if (
        params.line_no !== undefined &&
        !order.lines.some((line) => line.line_no === params.line_no)
      )
        throw new DomainError('not_found', checkoutMessages.orderNotFound);
      const stamp = <
        T extends { status: string; fulfillment?: Partial<OrderFulfillment> | undefined },
      >(
        row: T,
      ): T =>
        row.status === 'cancelled'
          ? row
          : {
              ...row,
              fulfillment: {
                confirmed_at: null,
                shipped_at: null,
                carrier: null,
                tracking_number: null,
                arrived_at: null,
                ...row.fulfillment,
                ...change,
              },
            };
      const updated: Order = {
        ...order,
        updated_at: app.now(),
        lines: order.lines.map((line) => (hits(line.line_no) ? stamp(line) : line)),
        custom_boxes: order.custom_boxes.map((box) =>
          params.line_no === undefined ? stamp(box) : box,
        ),
      };
      orders.update(params.customer, updated, app.changes.nextSeq());
      return updated;
    },
  );

  function journeys(order: Order) {
    const now = app.now();
    return {
      order: order.key,
      po: order.number,
      lines: order.lines.map((line) => ({
        line_no: line.line_no,
        ...rowJourney(line, order, lineRowId(line.line_no), now),
      })),
      boxes: order.custom_boxes.map((box) => ({
        box_key: box.box_key,
        ...rowJourney(box, order, box.box_key, now),
      })),
    };
  }

  function staffStep(
    ctx: Context,
    params: z.infer<typeof staffStepSchema>,
    change: Partial<OrderFulfillment>,
  ) {
    const updated = record(params, change);
    app.changes.poke(params.customer, ['orders']);
    return { success: true, result: journeys(updated) };
  }

  return {
    carrier_tracking(ctx, params) {
      const query = orderRefParamsSchema.parse(params);
      const order = orders.get(callerCustomer(ctx, query.customer), query.order_key);
      if (!order) throw new DomainError('not_found', checkoutMessages.orderNotFound);
      return { success: true, result: journeys(order) };
    },
    order_confirm(ctx, params) {
      requireFulfillmentStaff(ctx);
      return staffStep(ctx, staffStepSchema.parse(params), { confirmed_at: app.now() });
    },
    order_ship(ctx, params) {
      requireFulfillmentStaff(ctx);
      const args = shipSchema.parse(params);
      const now = app.now();
      return staffStep(ctx, args, {
        shipped_at: now,
        carrier: args.carrier,
        tracking_number: args.tracking_number,
      });
    },
    order_arrive(ctx, params) {
      requireFulfillmentStaff(ctx);
      return staffStep(ctx, staffStepSchema.parse(params), { arrived_at: app.now() });
    },
  };
}
