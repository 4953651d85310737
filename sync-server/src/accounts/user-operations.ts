import type { Context } from 'koa';
import {
  accountMessages,
  addUserParamsSchema,
  emailOnDomain,
  getEmailGuestListParamsSchema,
  listUserParamsSchema,
  loginAsCustomerParamsSchema,
  loginAsMessages,
  messages,
  salesUpdateUserParamsSchema,
  stemlineMessages,
  updateUserCustomerEmailParamsSchema,
  updateUserParamsSchema,
  type UserSummary,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { checkCurrentPassword } from '../auth/current-password';
import { hashPassword } from '../auth/passwords';
import { authClaims, userKeyOf } from '../auth/require-auth';
import { isStaff, requireAdmin, requireStaff } from '../auth/staff-access';
import type { StoredUser } from '../auth/user-repository';
import type { RunOperations } from '../http/cs-run';
import { DomainError } from '../kernel/domain-error';
import { issueSession } from '../auth/session-answer';
import { emailChangedMail } from './email-changed-mail';

/**
 * A login-as session acts as the customer for the customer's own work, never to give staff a way
 * back in: an address or a password of their own on the account would outlast the session and
 * their time as staff (spec §6). So it may neither move a sign-in email nor add a user
 * (`accountMessages.loginAsAccountRefusal`), nor change the customer's users (`update_user`,
 * `sales_update_user`: `loginAsMessages.usersRefusal`): who may sign in to the account, and under
 * what name, is the customer's main user's to decide, or staff's from a session of their own.
 * Deactivating the main user would lock the customer out; reactivating a user the customer
 * retired would let it back in. Refused with `refusal`.
 */
function refuseLoginAs(ctx: Context, refusal: string): void {
  if (authClaims(ctx).from_manager) throw new DomainError('forbidden', refusal);
}

/**
 * Run operations on users (spec §7): a customer's own users (`list_user`, `add_user`,
 * `update_user`), staff tools (`sales_update_user`, `get_email_guest_list`,
 * `login_as_customer`) and `update_user_customer_email`. Who may take over an account's sign-in
 * is narrow: the user itself with its password, the customer's main user adding a user, or an
 * admin (auth/staff-access.ts `requireAdmin`); hunters and login-as sessions may not. A login-as
 * session changes no user of the customer at all.
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
      refuseLoginAs(ctx, accountMessages.loginAsAccountRefusal);
      // A user of staff's own making keeps its password after they leave staff: admins only.
      if (await isStaff(ctx, app)) await requireAdmin(ctx, app);
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
      refuseLoginAs(ctx, loginAsMessages.usersRefusal);
      const target = await summary(input.user_key);
      const customerKey = await customerFor(ctx, target.customer ?? undefined, true);
      if (target.customer !== customerKey)
        throw new DomainError('forbidden', stemlineMessages.forbidden);
      // Staff deactivating or reactivating a customer's user: an admin's decision, as above.
      if (input.active !== undefined && (await isStaff(ctx, app))) await requireAdmin(ctx, app);
      if (input.active === false && target.key === (await accounts.mainUserOf(customerKey))) {
        throw new DomainError('invalid_request', stemlineMessages.forbidden);
      }
      await companyUsers.updateUser(target.key, input);
      if (input.active === false) app.changes.endSessions(target.key);
      return { success: true, user: await summary(target.key) };
    },

    async sales_update_user(ctx, params) {
      refuseLoginAs(ctx, loginAsMessages.usersRefusal);
      await requireStaff(ctx, app);
      const input = salesUpdateUserParamsSchema.parse(params);
      const target = await summary(input.user_key);
      // Who is staff is an admin's decision: a hunter flag, or a manager's account; so is
      // whether a user may sign in at all, and where a grower's sign-in lands. A hunter names
      // contact owners (spec §6, hunter sign-up) and acts through login-as, nothing lasting.
      const adminOnly = [input.hunter, input.active, input.admin_redirect].some(
        (value) => value !== undefined,
      );
      if (adminOnly || target.role === 'manager') await requireAdmin(ctx, app);
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

    /**
     * Moves a sign-in email: one's own with the current password, any user's for an admin. The
     * old address is told, every session of the user ends (one's own change answers the caller a
     * fresh token), and a main user's move leaves the customer's email unverified.
     */
    async update_user_customer_email(ctx, params) {
      const input = updateUserCustomerEmailParamsSchema.parse(params);
      refuseLoginAs(ctx, accountMessages.loginAsAccountRefusal);
      const me = await signedIn(ctx);
      const own = (input.user_key ?? me.user.key) === me.user.key;
      if (!own) {
        // With the address moved to one they read, a password reset hands them the account.
        await requireAdmin(ctx, app);
      } else if (me.user.metadata.guest) {
        // A guest is its email, proven by the link mailed there: whoever gives the new address
        // next would sign in to it. An admin may still correct it.
        throw new DomainError('forbidden', accountMessages.guestEmailChangeRefusal);
      } else if (!input.current_password) {
        throw new DomainError('invalid_request', accountMessages.currentPasswordForEmail);
      } else {
        await checkCurrentPassword(app, ctx, me, input.current_password);
      }
      const target = await summary(input.user_key ?? me.user.key);
      if (emailOnDomain(input.email, await configLookups.staffCompanyDomains())) {
        throw new DomainError('forbidden', accountMessages.staffUseLoginAs);
      }
      if (emailOnDomain(input.email, await configLookups.fakeEmailDomains())) {
        throw new DomainError('invalid_request', messages.emailDoesNotSeemRight);
      }
      if (target.email.toLowerCase() === input.email.toLowerCase()) {
        return { success: true, user: target, token: null };
      }
      const customer = target.customer;
      const mainUser = customer !== null && (await accounts.mainUserOf(customer)) === target.key;
      try {
        await app.transactional(async () => {
          await companyUsers.setEmail(target.key, input.email);
          // The customer's email_verified was the old address's proof, not the new one's.
          if (mainUser && customer)
            await accounts.mergePreferences(customer, { email_verified: false });
        })();
      } catch (error) {
        if (error instanceof DomainError && error.code === 'conflict') {
          throw new DomainError('conflict', accountMessages.emailTaken);
        }
        throw error;
      }
      // Other devices' open streams end now; the caller's lasts until its fresh token arrives.
      app.changes.endSessions(target.key, own ? authClaims(ctx).jti : undefined);
      await app.services.mailer.send(emailChangedMail(target.email, input.email, !own));
      const updated = own ? await users.findByKey(target.key) : undefined;
      const token = updated ? (await issueSession(app, updated)).token : null;
      return { success: true, user: await summary(target.key), token };
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
