import {
  customerGrowerParamsSchema,
  salesChangeCustomerGrowerParamsSchema,
  stemlineMessages,
  type CustomerGrower,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { requireStaff } from '../auth/staff-access';
import { createUserRepository } from '../auth/user-repository';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../http/domain-error';

/**
 * The farms a customer prefers or has blocked (`customer_growers`): run
 * `customer_grower_relationship` for the customer's own list, and the staff-only
 * `sales_change_customer_grower` to set or remove one.
 */
export function customerGrowerOperations(app: AppContext): RunOperations {
  const users = createUserRepository(app.db);
  const list = app.db.prepare<[string], CustomerGrower>(
    'SELECT grower_key, relation FROM customer_growers WHERE customer_key = ? ORDER BY relation DESC, grower_key',
  );
  const upsert = app.db.prepare<[string, string, string, number]>(
    `INSERT INTO customer_growers (customer_key, grower_key, relation, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (customer_key, grower_key) DO UPDATE SET relation = excluded.relation, updated_at = excluded.updated_at`,
  );
  const remove = app.db.prepare<[string, string]>(
    'DELETE FROM customer_growers WHERE customer_key = ? AND grower_key = ?',
  );
  const customerExists = app.db.prepare<[string], number>('SELECT 1 FROM customers WHERE key = ?');
  const growerExists = app.db.prepare<[string], number>('SELECT 1 FROM growers WHERE key = ?');

  return {
    customer_grower_relationship(ctx, params) {
      const { customer } = customerGrowerParamsSchema.parse(params);
      const customerKey = customerKeyOf(ctx);
      if (customer !== undefined && customer !== customerKey) {
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      }
      return { success: true, results: list.all(customerKey) };
    },
    sales_change_customer_grower(ctx, params) {
      requireStaff(ctx, users);
      const args = salesChangeCustomerGrowerParamsSchema.parse(params);
      if (!customerExists.get(args.customer) || !growerExists.get(args.grower)) {
        throw new DomainError('not_found', 'No such customer or farm.');
      }
      if (args.relation === null) remove.run(args.customer, args.grower);
      else upsert.run(args.customer, args.grower, args.relation, app.now());
      return { success: true, results: list.all(args.customer) };
    },
  };
}
