/**
 * Ours: what a login-as session (staff acting as a customer, spec §6) may not do to the
 * customer's users and password, and what the account page says of it.
 */
export const loginAsMessages = {
  /**
   * Why `update_user` and `sales_update_user` refuse a login-as session: who may sign in to the
   * account, and under what name, is the customer's to decide, or staff's from a session of
   * their own, where the change is theirs.
   */
  usersRefusal:
    'Signed in with Login As, you cannot rename, deactivate or reactivate the customer’s users. The customer’s main user can, or staff from their own session.',
  /**
   * Why `change_password` refuses a login-as session, even with the right current password: a
   * password staff chose would let them in after the session, and after their time as staff.
   */
  passwordRefusal:
    'Signed in with Login As, you cannot change the customer’s password. The customer can, or ask for a reset link.',
  /** The users list of a login-as session: shown, with no Edit. */
  usersReadOnly:
    'Signed in with Login As: the customer’s users are shown here, not changed. The customer’s main user can change them, or staff from their own session.',
} as const;
