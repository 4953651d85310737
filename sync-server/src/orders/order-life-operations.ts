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
import { isStaffUser } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';

const stepFields = z.object({
  customer: z.string().min(1).max(64),
  order_key: z.string().min(1).max(64),
  /** One line, or one ordered custom box; neither means every row of the order not cancelled. */
  line_no: z.number().int().positive().optional(),
  box_key: z.string().min(1).max(64).optional(),
});
const oneRowAtMost = (step: { line_no?: number | undefined; box_key?: string | undefined }) =>
  step.line_no === undefined || step.box_key === undefined;
const oneRowMessage = { message: 'Name a line or a box, not both' };
const staffStepSchema = stepFields.refine(oneRowAtMost, oneRowMessage);
const shipSchema = stepFields
  .extend({
    carrier: z.string().trim().min(1).max(40),
    tracking_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, 'Expected 4–40 letters, digits or -'),
  })
  .refine(oneRowAtMost, oneRowMessage);

/** Who records a stage: staff, or a grower login and the farm it works for. */
type Fulfiller = { kind: 'staff' } | { kind: 'grower'; farm: string | null };

/** Staff may act on every row; a grower on its own farm's rows; a grower without a farm on none. */
const isMine = (who: Fulfiller, row: { grower_key: string }): boolean =>
  who.kind === 'staff' || (who.farm !== null && row.grower_key === who.farm);

/**
 * The order's life (issue 24). `carrier_tracking` (the spec's carrier-tracking operation) answers
 * each row's journey by the server clock: stage, arrival flag, carrier and tracking number.
 * `order_confirm`, `order_ship` (carrier and tracking number) and `order_arrive` are for staff
 * and growers only: they record a stage sooner than the clock would. Staff act on every row; a
 * grower on its own farm's rows only (naming neither `line_no` nor `box_key`, on all of those
 * rows of the order).
 */
export function orderLifeOperations(app: AppContext): RunOperations {
  const { orders, users, growerFarms } = app.repos;

  /**
   * Who may record a stage: staff (auth/staff-access.ts, the manager_admin allow list included)
   * act on every row; a grower login on its own farm's rows only (null when it has no farm: it
   * acts on nothing). Read from the database and the config, not the token.
   */
  async function requireFulfiller(ctx: Context): Promise<Fulfiller> {
    const claims = authClaims(ctx);
    const stored = claims.scope === 'public' ? undefined : await users.findByKey(claims.sub);
    if (claims.from_manager || !stored?.active)
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    if (stored.user.role === 'grower')
      return { kind: 'grower', farm: await growerFarms.farmOf(stored.user.key) };
    if (await isStaffUser(app, stored)) return { kind: 'staff' };
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }

  const record = app.transactional(
    async (
      who: Fulfiller,
      params: z.infer<typeof staffStepSchema>,
      change: Partial<OrderFulfillment>,
    ): Promise<Order> => {
      const order = await orders.get(params.customer, params.order_key);
      const mine = (row: { grower_key: string }) => isMine(who, row);
      // An order with no row of the grower's farm answers as an unknown one: nothing disclosed.
      if (!order || (!order.lines.some(mine) && !order.custom_boxes.some(mine)))
        throw new DomainError('not_found', checkoutMessages.orderNotFound);
      const whole = params.line_no === undefined && params.box_key === undefined;
      const named =
        params.line_no !== undefined
          ? order.lines.find((line) => line.line_no === params.line_no)
          : order.custom_boxes.find((box) => box.box_key === params.box_key);
      if (!whole && !named) throw new DomainError('not_found', checkoutMessages.orderNotFound);
      if (named && !mine(named)) throw new DomainError('forbidden', stemlineMessages.forbidden);
      const hits = (row: { grower_key: string }) => (whole || row === named) && mine(row);
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
        lines: order.lines.map((line) => (hits(line) ? stamp(line) : line)),
        custom_boxes: order.custom_boxes.map((box) => (hits(box) ? stamp(box) : box)),
      };
      await orders.update(params.customer, updated, await app.changes.next());
      return updated;
    },
  );

  /** Each row's journey; `shows` narrows it to the rows the caller may see. */
  function journeys(order: Order, shows: (row: { grower_key: string }) => boolean = () => true) {
    const now = app.now();
    return {
      order: order.key,
      po: order.number,
      lines: order.lines.filter(shows).map((line) => ({
        line_no: line.line_no,
        ...rowJourney(line, order, lineRowId(line.line_no), now),
      })),
      boxes: order.custom_boxes.filter(shows).map((box) => ({
        box_key: box.box_key,
        ...rowJourney(box, order, box.box_key, now),
      })),
    };
  }

  async function staffStep(
    who: Fulfiller,
    params: z.infer<typeof staffStepSchema>,
    change: Partial<OrderFulfillment>,
  ) {
    const updated = await record(who, params, change);
    app.changes.poke(params.customer, ['orders']);
    // A grower is answered its own farm's rows, not the other farms' tracking.
    return { success: true, result: journeys(updated, (row) => isMine(who, row)) };
  }

  return {
    async carrier_tracking(ctx, params) {
      const query = orderRefParamsSchema.parse(params);
      const order = await orders.get(callerCustomer(ctx, query.customer), query.order_key);
      if (!order) throw new DomainError('not_found', checkoutMessages.orderNotFound);
      return { success: true, result: journeys(order) };
    },
    async order_confirm(ctx, params) {
      const who = await requireFulfiller(ctx);
      return staffStep(who, staffStepSchema.parse(params), { confirmed_at: app.now() });
    },
    async order_ship(ctx, params) {
      const who = await requireFulfiller(ctx);
      const args = shipSchema.parse(params);
      const now = app.now();
      return staffStep(who, args, {
        shipped_at: now,
        carrier: args.carrier,
        tracking_number: args.tracking_number,
      });
    },
    async order_arrive(ctx, params) {
      const who = await requireFulfiller(ctx);
      return staffStep(who, staffStepSchema.parse(params), { arrived_at: app.now() });
    },
  };
}
