import Router from '@koa/router';
import type { Context } from 'koa';
import {
  managerArgsSchema,
  managerMessages,
  scheduleMessages,
  sendNewManagerEmailArgsSchema,
  type AccountManager,
  type ManagerAnswer,
} from '@stemline/shared';
import { publicOrigin } from '../accounts/public-origin';
import type { AppContext } from '../app-context';
import { customerKeyOf } from '../auth/require-auth';
import { isStaff, requireStaff } from '../auth/staff-access';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { newManagerMail } from './new-manager-mail';

/**
 * The account manager a caller may see: staff see any manager; a florist sees their own (the
 * `manager` asked for must be theirs, or left out). Null when the florist has none yet.
 */
function createManagerLookup(app: AppContext) {
  const { managers: directory } = app.repos;
  return async (ctx: Context, body: unknown): Promise<AccountManager | null> => {
    const { manager } = managerArgsSchema.parse(body);
    if (await isStaff(ctx, app)) {
      if (manager === undefined) return null;
      const found = await directory.manager(manager);
      if (!found) throw new DomainError('not_found', managerMessages.managerNotFound);
      return found;
    }
    const own = (await directory.assignedTo(customerKeyOf(ctx))) ?? null;
    // Asking for someone else's manager is refused the same whether that user exists or not.
    if (manager !== undefined && manager !== own) {
      throw new DomainError('forbidden', managerMessages.notYourManager);
    }
    return own === null ? null : ((await directory.manager(own)) ?? null);
  };
}

/** `POST /api/customer/manager {manager?}` and `POST /api/customer/manager_email {manager?}`. */
export function accountManagerRoutes(app: AppContext): Router {
  const router = new Router();
  const lookup = createManagerLookup(app);
  router.post('/api/customer/manager', async (ctx) => {
    ctx.body = {
      success: true,
      manager: await lookup(ctx, ctx.request.body),
    } satisfies ManagerAnswer;
  });
  router.post('/api/customer/manager_email', async (ctx) => {
    const manager = await lookup(ctx, ctx.request.body);
    ctx.body = { success: true, email: manager?.email ?? null };
  });
  return router;
}

/** Run `send_new_manager_email {customer, manager}` (staff): assigns, then mails the customer. */
export function accountManagerOperations(app: AppContext): RunOperations {
  const { managers: directory } = app.repos;
  const { mailer } = app.services;
  return {
    async send_new_manager_email(ctx, params) {
      await requireStaff(ctx, app);
      const args = sendNewManagerEmailArgsSchema.parse(params);
      const manager = await directory.manager(args.manager);
      if (!manager) throw new DomainError('not_found', managerMessages.managerNotFound);
      const contact = await directory.contact(args.customer);
      if (!contact) throw new DomainError('not_found', scheduleMessages.customerNotFound);
      await directory.assign(args.customer, manager.key);
      const accountUrl = `${publicOrigin(app, ctx)}/shopping/home/account`;
      await mailer.send(newManagerMail(contact.email, contact.first_name, manager, accountUrl));
      return {
        success: true,
        manager,
        message: managerMessages.newManagerSent(contact.email),
      };
    },
  };
}
