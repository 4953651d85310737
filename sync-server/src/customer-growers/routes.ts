import {
  customerGrowerParamsSchema,
  salesChangeCustomerGrowerParamsSchema,
  stemlineMessages,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { requireStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';

/**
 * The farms a customer prefers or has blocked (`customer_growers`): run
 * `customer_grower_relationship` for the customer's own list, and the staff-only
 * `sales_change_customer_grower` to set or remove one.
 */
export function customerGrowerOperations(app: AppContext): RunOperations {
  const { customerGrowers } = app.repos;

  return {
    async customer_grower_relationship(ctx, params) {
      const { customer } = customerGrowerParamsSchema.parse(params);
      const customerKey = customerKeyOf(ctx);
      if (customer !== undefined && customer !== customerKey) {
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      }
      return { success: true, results: await customerGrowers.list(customerKey) };
    },
    async sales_change_customer_grower(ctx, params) {
      await requireStaff(ctx, app);
      const args = salesChangeCustomerGrowerParamsSchema.parse(params);
      if (!(await customerGrowers.bothExist(args.customer, args.grower))) {
        throw new DomainError('not_found', 'No such customer or farm.');
      }
      await customerGrowers.set(args.customer, args.grower, args.relation);
      return { success: true, results: await customerGrowers.list(args.customer) };
    },
  };
}
