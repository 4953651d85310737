/**
 * Ours: logging out deletes this device's copy of the account, its outbox with it (spec §4
 * "Logout clears local storage"); changes not yet sent are sent first, or the buyer is asked.
 */
export const logoutMessages = {
  sendingChanges: 'Sending your changes…',
  loggingOut: 'Logging out',
  loseUnsentTitle: 'Log out and lose unsent changes?',
  loseUnsent: (count: number) =>
    count === 1
      ? '1 change made on this device has not reached Stemline yet. If you log out now it is lost.'
      : `${count} changes made on this device have not reached Stemline yet. If you log out now they are lost.`,
  stayLoggedIn: 'Stay logged in',
  logOutAnyway: 'Log out anyway',
  /** Told as another account signs in where a copy whose session expired keeps unsent changes. */
  unsentElsewhere:
    'Changes made on this device under another account have not reached Stemline yet. They are sent when that account logs in again.',
  /** The check could not load (offline, before this app was stored on the device). */
  checkNotLoaded: 'Logging out needs a connection right now. Please try again when you are online.',
} as const;
