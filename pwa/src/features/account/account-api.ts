import {
  changePasswordAnswerSchema,
  sendReferralAnswerSchema,
  updateUserCustomerEmailAnswerSchema,
  userAnswerSchema,
  userListAnswerSchema,
} from '@stemline/shared';
import { call, run, type CheckedResult } from '../../api/checked-call';

/** What `add_user` takes (shared `addUserParamsSchema`). */
export interface NewUserInput {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  customer?: string;
}

/** What `update_user` may change (shared `updateUserParamsSchema`). */
export interface UserChanges {
  first_name?: string;
  last_name?: string;
  active?: boolean;
}

/** What `sales_update_user` may change (staff only; shared `salesUpdateUserParamsSchema`). */
export interface SalesUserChanges {
  active?: boolean;
  hunter?: boolean;
  admin_redirect?: boolean;
}

/**
 * The calls of the account area, each answering the parsed body or the failure (`offline` when
 * the network is missing, else the server's message), as `authApi` does.
 */
export const accountApi = {
  changePassword: (currentPassword: string, password: string) =>
    call(changePasswordAnswerSchema, '/api/security/change_password', {
      method: 'POST',
      body: { current_password: currentPassword, password },
    }),
  sendReferral: (emails: string[]) => run(sendReferralAnswerSchema, 'send_referral', { emails }),
  listUsers: (customer?: string) =>
    run(userListAnswerSchema, 'list_user', customer === undefined ? {} : { customer }),
  addUser: (input: NewUserInput) => run(userAnswerSchema, 'add_user', input),
  updateUser: (userKey: string, changes: UserChanges) =>
    run(userAnswerSchema, 'update_user', { user_key: userKey, ...changes }),
  salesUpdateUser: (userKey: string, changes: SalesUserChanges) =>
    run(userAnswerSchema, 'sales_update_user', { user_key: userKey, ...changes }),
  /**
   * One's own sign-in email with the current password (the answer's `token` replaces this
   * session's, as the server ends every other), or, for an admin, another user's by key.
   */
  updateUserEmail: (email: string, who: { currentPassword: string } | { userKey: string }) =>
    run(updateUserCustomerEmailAnswerSchema, 'update_user_customer_email', {
      email,
      ...('userKey' in who ? { user_key: who.userKey } : { current_password: who.currentPassword }),
    }),
};

/** The words to show for a failed call: offline, the server's own message, or the fallback. */
export function failureText<T>(
  result: Extract<CheckedResult<T>, { ok: false }>,
  offlineText: string,
  fallback: string,
): string {
  if (result.offline) return offlineText;
  return result.error && result.error !== 'No data' ? result.error : fallback;
}
