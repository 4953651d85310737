/**
 * Account credit (issue 24): a credited claim goes on the buyer's balance and checkout takes it
 * off the next order. The notes are the references a statement shows for each ledger entry.
 */
export const creditMessages = {
  creditLabel: 'Account credit',
  creditBalance: (amount: string) => `You have ${amount} of account credit from your claims.`,
  creditTakenOff: (amount: string) => `${amount} of it is taken off this order.`,
  creditLeft: (amount: string) => `${amount} stays on your balance for your next orders.`,
  creditOnConfirmation: (amount: string) => `account credit ${amount} taken off`,
  claimCreditNote: (claimNumber: string) => `Credit for claim ${claimNumber}`,
  appliedNote: (orderNumber: string) => `Credit applied to order ${orderNumber}`,
  returnedNote: (orderNumber: string) => `Credit returned from order ${orderNumber}`,
  creditTooSmall: 'A credit must be at least $0.01.',
  creditAboveClaim: (claimed: string) =>
    `A credit can be at most what was claimed: ${claimed} (the units claimed at their unit price).`,
  creditEstimateLabel: 'Account credit (estimate)',
  creditEstimate: (amount: string) =>
    `Estimate: your last known account credit, ${amount}, is taken off. The server takes off what is on your balance when your order arrives.`,
} as const;
