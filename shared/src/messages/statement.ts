/** The account's monthly statements (issue 26): their list and their downloads. */
export const statementMessages = {
  loading: 'Loading your statements…',
  shownOnline: 'Statements are shown here when you are online.',
  listFailed: 'Your statements could not be loaded.',
  downloading: 'Downloading',
  downloadFailed: 'The statement could not be downloaded.',
  downloadOffline:
    'You are offline. Downloading a statement needs a connection; please try again when you are back online.',
} as const;
