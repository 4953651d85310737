/** Mail the server sends by itself (issue 26): unsubscribe links, statements, reminders. */
export const mailMessages = {
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Please use the whole link from the mail, or change your notification options in your account.',
  unsubscribeDone: (label: string) =>
    `You are unsubscribed: “${label}” mails are off. You can turn them back on in your account.`,
  unsubscribeWorking: 'Unsubscribing…',
  unsubscribeOffline: 'Unsubscribing needs the network. Please try again when you are online.',
  promosOff: 'This customer has turned promos off, so this mail was not sent.',
  statementNotFound: 'No such statement.',
} as const;
