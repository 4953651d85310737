/**
 * Titles of a queued change the server refused, naming what the change was about; the server's
 * reason goes under them. Each mutation's title is chosen in mutations/mutation-subjects.ts.
 */
export const refusalMessages = {
  eventNotSaved: "Couldn't save your event",
  eventNotDeleted: "Couldn't delete your event",
  favouritesNotUpdated: "Couldn't update your favourites",
  standingOrderNotSaved: "Couldn't save your standing order",
  claimNotSent: "Couldn't send your claim",
  claimNotChanged: "Couldn't change your claim",
  claimNotWithdrawn: "Couldn't withdraw your claim",
  noticeNotDismissed: "Couldn't dismiss the notice",
  preferencesNotSaved: "Couldn't save your preferences",
} as const;
