import type { Context } from 'koa';
import {
  accountMessages,
  addUserParamsSchema,
  emailOnDomain,
  getEmailGuestListParamsSchema,
  listUserParamsSchema,
  loginAsCustomerParamsSchema,
  messages,
  salesUpdateUserParamsSchema,
  stemlineMessages,
  updateUserCustomerEmailParamsSchema,
  updateUserParamsSchema,
  type UserSummary,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { hashPassword } from '../auth/passwords';
import { userKeyOf } from '../auth/require-auth';
import { isStaff, requireAdmin, requireStaff } from '../auth/staff-access';
import type { StoredUser } from '../auth/user-repository';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { issueSession } from '../auth/session-answer';

/**
 * Run operations on users (spec §7): a customer's own users (`list_user`, `add_user`,
 * `update_user`), staff tools (`sales_update_user`, `get_email_guest_list`,
 * `login_as_customer`) and `update_user_customer_email`.
 */
export function userOperations(app: AppContext): RunOperations {
  const { users, accounts, companyUsers } = app.repos;
  const { configLookups } = app.services;

  const signedIn = async (ctx: Context): Promise<StoredUser> => {
    const stored = await users.findByKey(userKeyOf(ctx));
    if (!stored) throw new DomainError('unauthorized', stemlineMessages.unauthorized);
    return stored;
  };

  /**
   * The customer a call acts on: staff may name any; a customer's user acts on its own. Adding
   * or changing users needs the customer's main user.
   */
  const customerFor = async (
    ctx: Context,
    named: string | undefined,
    needsMainUser: boolean,
  ): Promise<string> => {
    if (await isStaff(ctx, app)) {
      if (!named || !(await accounts.customer(named))) {
        throw new DomainError('not_found', stemlineMessages.forbidden);
      }
      return named;
    }
    const me = await signedIn(ctx);
    const own = me.user.metadata.customer;
    if (!own || (named !== undefined && named !== own)) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    if (needsMainUser && (await accounts.mainUserOf(own)) !== me.user.key) {
      throw new DomainError('forbidden', stemlineMessages.forbidden);
    }
    return own;
  };

  const summary = async (userKey: string): Promise<UserSummary> => {
    const found = await companyUsers.userSummary(userKey);
    if (!found) throw new DomainError('not_found', accountMessages.userNotFound);
    return found;
  };

  return {
    async list_user(ctx, params) {
      const { customer } = listUserParamsSchema.parse(params);
      return {
        success: true,
        results: await companyUsers.usersOfCustomer(await customerFor(ctx, customer, false)),
      };
    },

    async add_user(ctx, params) {
      const input = addUserParamsSchema.parse(params);
      const customerKey = await customerFor(ctx, input.customer, true);
      // Password users on a guest account would skip its upgrade (staff's too: upgrade first).
      if ((await accounts.customer(customerKey))?.guest) {
        throw new DomainError('forbidden', accountMessages.guestAddUserRefusal);
      }
      if (emailOnDomain(input.email, await configLookups.staffCompanyDomains())) {
        throw new DomainError('forbidden', accountMessages.staffUseLoginAs);
      }
      if (emailOnDomain(input.email, await configLookups.fakeEmailDomains())) {
        throw new DomainError('invalid_request', messages.emailDoesNotSeemRight);
      }
      const userKey = await companyUsers.addUser(customerKey, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        first_name: input.first_name,
        last_name: input.last_name,
      });
      return { success: true, user: await summary(userKey) };
    },

    async update_user(ctx, params) {
      const input = updateUserParamsSchema.parse(params);
      const target = await summary(input.user_key);
      const customerKey = await customerFor(ctx, target.customer ?? undefined, true);
      if (target.customer !== customerKey)
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      if (input.active === false && target.key === (await accounts.mainUserOf(customerKey))) {
        throw new DomainError('invalid_request', stemlineMessages.forbidden);
      }
      await companyUsers.updateUser(target.key, input);
      if (input.active === false) app.changes.endSessions(target.key);
      return { success: true, user: await summary(target.key) };
    },

    async sales_update_user(ctx, params) {
      await requireStaff(ctx, app);
      const input = salesUpdateUserParamsSchema.parse(params);
      const target = await summary(input.user_key);
      // Who is staff is an admin's decision: a hunter flag, or a manager's account.
      if (input.hunter !== undefined || target.role === 'manager') await requireAdmin(ctx, app);
      await companyUsers.updateUser(target.key, { active: input.active });
      await companyUsers.updateFlags(target.key, {
        hunter: input.hunter,
        admin_redirect: input.admin_redirect,
      });
      // A deactivation, or a hunter's flag cleared, ends sessions: the user's own, and the
      // login-as sessions it opened (their streams listen for it too), once both are written.
      if (input.active === false || input.hunter === false) app.changes.endSessions(target.key);
      if (input.account_manager !== undefined) {
        if (!target.customer)
          throw new DomainError('invalid_request', stemlineMessages.invalidRequest);
        const manager = input.account_manager
          ? await users.findByKey(input.account_manager)
          : undefined;
        if (input.account_manager && manager?.user.role !== 'manager') {
          throw new DomainError('invalid_request', accountMessages.contactOwnerUnknown);
        }
        await accounts.setAccountManager(target.customer, input.account_manager);
      }
      return { success: true, user: await summary(target.key) };
    },

    async get_email_guest_list(ctx, params) {
      await requireStaff(ctx, app);
      const input = getEmailGuestListParamsSchema.parse(params);
      return {
        success: true,
        results: await companyUsers.guestList(input.search ?? '', input.limit),
      };
    },

    async update_user_customer_email(ctx, params) {
      const input = updateUserCustomerEmailParamsSchema.parse(params);
      const me = await signedIn(ctx);
      const targetKey = input.user_key ?? me.user.key;
      if (targetKey !== me.user.key) {
        await requireStaff(ctx, app);
        // Staff move a customer user's address. Anyone else's (a manager, a grower) would let a
        // rep take that account with a password reset mailed to the new address: admins only.
        if ((await summary(targetKey)).customer === null) await requireAdmin(ctx, app);
      } else if (me.user.metadata.guest) {
        // Its own session (a login-as one too) outlives the move: whoever gives the new address
        // next would sign in to it, seen by the mover. Staff may still correct it.
        throw new DomainError('forbidden', accountMessages.guestEmailChangeRefusal);
      }
      if (emailOnDomain(input.email, await configLookups.staffCompanyDomains())) {
        throw new DomainError('forbidden', accountMessages.staffUseLoginAs);
      }
      if (emailOnDomain(input.email, await configLookups.fakeEmailDomains())) {
        throw new DomainError('invalid_request', messages.emailDoesNotSeemRight);
      }
      try {
        await companyUsers.setEmail((await summary(targetKey)).key, input.email);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict') {
          throw new DomainError('conflict', accountMessages.emailTaken);
        }
        throw error;
      }
      return { success: true, user: await summary(targetKey) };
    },

    async login_as_customer(ctx, params) {
      const staff = await requireStaff(ctx, app);
      const { customer } = loginAsCustomerParamsSchema.parse(params);
      const mainUser = (await accounts.customer(customer))
        ? await accounts.mainUserOf(customer)
        : undefined;
      const stored = mainUser ? await users.findByKey(mainUser) : undefined;
      if (!stored?.active) throw new DomainError('not_found', accountMessages.userNotFound);
      const session = await issueSession(app, stored, staff.user.key);
      return { success: true, token: session.token, user: session.user, error: null };
    },
  };
}
