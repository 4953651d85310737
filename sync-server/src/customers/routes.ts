import Router from '@koa/router';
import type { Context } from 'koa';
import {
  customerAddressArgsSchema,
  deleteAddressArgsSchema,
  loadAddressParamsSchema,
  stemlineMessages,
  updatePreferencesArgsSchema,
  type LoadAddressAnswer,
  type RejectionCode,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import type { RunOperations } from '../http/cs-run';
import { DomainError, type DomainErrorCode } from '../kernel/domain-error';
import { createAddressBook, type CustomerChange } from './address-book';
import { createPreferencesUpdate } from './preferences';

const errorCodeByRejection: Partial<Record<RejectionCode, DomainErrorCode>> = {
  not_found: 'not_found',
  conflict: 'conflict',
};

/**
 * Runs a change in one transaction, pokes the customer's devices after the commit, and answers
 * the result; a rejection becomes a domain error carrying the field messages.
 */
async function commit<T>(
  app: AppContext,
  customerKey: string,
  change: () => CustomerChange<T> | Promise<CustomerChange<T>>,
): Promise<T> {
  const outcome = await app.transactional(change)();
  if (outcome.status === 'rejected') {
    throw new DomainError(
      errorCodeByRejection[outcome.code] ?? 'invalid_request',
      outcome.message,
      outcome.errors,
    );
  }
  if (outcome.touched.length > 0) app.changes.poke(customerKey, outcome.touched);
  return outcome.value;
}

/** The caller's customer; a `customer` param naming another one is refused. */
function ownCustomer(ctx: Context, customer: string | undefined): string {
  const customerKey = customerKeyOf(ctx);
  if (customer !== undefined && customer !== customerKey) {
    throw new DomainError('forbidden', stemlineMessages.forbidden);
  }
  return customerKey;
}

/** `POST /api/customer/update_preferences`: the REST face of the `update_preferences` mutation. */
export function customerRoutes(app: AppContext): Router {
  const router = new Router();
  const updatePreferences = createPreferencesUpdate(app);

  router.post('/api/customer/update_preferences', async (ctx) => {
    const customerKey = customerKeyOf(ctx);
    const args = updatePreferencesArgsSchema.parse(ctx.request.body);
    const { preferences } = await commit(app, customerKey, () =>
      updatePreferences(customerKey, args),
    );
    ctx.body = { success: true, preferences };
  });

  return router;
}

/** Address operations of `POST /api/cs/run` (spec §7 Customer and address). */
export function customerOperations(app: AppContext): RunOperations {
  const book = createAddressBook(app);
  return {
    async load_address(ctx, params) {
      const { customer } = loadAddressParamsSchema.parse(params);
      const customerKey = ownCustomer(ctx, customer);
      return { success: true, results: await book.load(customerKey) } satisfies LoadAddressAnswer;
    },
    async customer_address(ctx, params) {
      const args = customerAddressArgsSchema.parse(params);
      const customerKey = ownCustomer(ctx, args.customer);
      const results = await commit(app, customerKey, () => book.save(customerKey, args));
      return { success: true, results, error: null };
    },
    async delete_address(ctx, params) {
      const args = deleteAddressArgsSchema.parse(params);
      const customerKey = ownCustomer(ctx, args.customer);
      const results = await commit(app, customerKey, () => book.remove(customerKey, args));
      return { success: true, results, error: null };
    },
  };
}
