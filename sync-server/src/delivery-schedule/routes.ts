import Router from '@koa/router';
import type { Context } from 'koa';
import {
  deliveryScheduleParamsSchema,
  scheduleMessages,
  stemlineMessages,
  updateForceZipcodeArgsSchema,
  zipcodeAvailableArgsSchema,
  type DeliverySchedule,
  type DeliveryScheduleAnswer,
  type ZipcodeAvailableAnswer,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { authClaims, customerKeyOf } from '../auth/require-auth';
import { requireStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { createAddressSchedules } from './address-schedule';

/**
 * Delivery schedules and zip codes: which weekdays deliver to an address, whether Stemline
 * delivers to a zip code at all, and staff's override of that for one customer.
 */
function createDeliveryArea(app: AppContext) {
  const { schedules, addresses } = app.repos;
  const { scheduleOf, forcedZip } = createAddressSchedules(app);

  /** The caller's customer, or null for a visitor or staff (they have none). */
  const callerCustomer = (ctx: Context): string | null => {
    const claims = authClaims(ctx);
    return claims.scope === 'public' || !claims.customer ? null : customerKeyOf(ctx);
  };

  return {
    async zipcodeAvailable(ctx: Context, body: unknown): Promise<ZipcodeAvailableAnswer> {
      const { zipcode } = zipcodeAvailableArgsSchema.parse(body);
      const forced = (await forcedZip(callerCustomer(ctx))) === zipcode;
      const schedule: DeliverySchedule | undefined = await scheduleOf(zipcode, null, forced);
      const available = (schedule?.weekdays.length ?? 0) > 0;
      return {
        success: true,
        zipcode,
        available,
        forced,
        message: available
          ? scheduleMessages.zipcodeAvailable(zipcode)
          : scheduleMessages.zipcodeUnavailable(zipcode),
      };
    },

    async deliverySchedule(ctx: Context, params: unknown): Promise<DeliveryScheduleAnswer> {
      const args = deliveryScheduleParamsSchema.parse(params);
      const customerKey = customerKeyOf(ctx);
      if (args.customer !== undefined && args.customer !== customerKey) {
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      }
      const customer = await schedules.customerArea(customerKey);
      const actual = await addresses.actual(customerKey);
      const zipcode = args.zipcode ?? actual?.zipcode ?? customer?.main_zipcode ?? null;
      if (!zipcode) return { success: true, results: null };
      const state = args.zipcode
        ? (args.state ?? null)
        : (actual?.state ?? customer?.main_state ?? null);
      const forced = customer?.force_zipcode === zipcode;
      const schedule = (await scheduleOf(zipcode, state, forced)) ?? {
        zipcode,
        region: 'none',
        weekdays: [],
        cutoff: '12:00',
      };
      return { success: true, results: { ...schedule, weekdays: [...schedule.weekdays], forced } };
    },

    async updateForceZipcode(ctx: Context, body: unknown) {
      await requireStaff(ctx, app);
      const args = updateForceZipcodeArgsSchema.parse(body);
      const changed = await schedules.forceZipcode(args.customer, args.force ? args.zipcode : null);
      if (!changed) throw new DomainError('not_found', scheduleMessages.customerNotFound);
      return {
        success: true,
        customer: args.customer,
        zipcode: args.zipcode,
        force: args.force,
        message: args.force ? scheduleMessages.zipcodeForced : null,
      };
    },
  };
}

/** `POST /api/customer/zipcode_available` and `POST /api/customer/update_force_zipcode` (staff). */
export function deliveryScheduleRoutes(app: AppContext): Router {
  const router = new Router();
  const area = createDeliveryArea(app);
  router.post('/api/customer/zipcode_available', async (ctx) => {
    ctx.body = await area.zipcodeAvailable(ctx, ctx.request.body);
  });
  router.post('/api/customer/update_force_zipcode', async (ctx) => {
    ctx.body = await area.updateForceZipcode(ctx, ctx.request.body);
  });
  return router;
}

/** Run `delivery_schedule` (spec §7). */
export function deliveryScheduleOperations(app: AppContext): RunOperations {
  const area = createDeliveryArea(app);
  return { delivery_schedule: (ctx, params) => area.deliverySchedule(ctx, params) };
}
