/** Texts the spec leaves to us; kept here so both sides say the same thing. */
export const stemlineMessages = {
  soldOut: 'Sorry, this offer just sold out: no boxes are left.',
  onlyBoxesLeft: (boxes: number) => `Only ${boxes} ${boxes === 1 ? 'box was' : 'boxes were'} left`,
  boxLimit: (max: number) => `A cart can hold at most ${max} boxes of one offer.`,
  offerNotFound: 'This offer is no longer available for that delivery date.',
  invalidRequest: 'The request was not valid.',
  // A body over the server's limit (413); a queued action alone that large cannot be sent.
  requestTooLarge: 'This request is too large to send.',
  unauthorized: 'Please log in again.',
  forbidden: 'You cannot do that with this account.',
  invalidCredentials: "Sorry, your password doesn't seem right.",
  inactiveUser: 'This account is not active. Please contact support.',
  unknownEmail: 'There is no account with this email address.',
  reservationExpired: (variety: string, boxes: number) =>
    `Your 30-minute hold on ${boxes} ${boxes === 1 ? 'box' : 'boxes'} of ${variety} ended, so ${boxes === 1 ? 'it was' : 'they were'} released from your cart.`,
  cartUpdated: 'Your cart was updated.',
  cartUpdateFailed: 'Your cart could not be updated.',
  /** A change this device could not store, for a reason other than a full device. */
  changeNotKept: 'The change could not be kept on this device. Please try again.',
  storageFull:
    'This device is out of storage space. Free some space and try again; nothing queued was lost.',
  catalogNotSaved:
    'This device is out of storage space, so the catalogue of this date is shown but not kept for offline use.',
  boxFull: (percent: number) =>
    `That does not fit: the box would be ${percent}% full. A box holds 100%.`,
  oneGrowerPerBox:
    'A custom box holds the flowers of one grower; start another box for this grower.',
  openMarketFullBoxesOnly: 'Open-market offers are sold by the full box, not in custom boxes.',
  boxClosed: 'This box is closed. Open it to change what is inside.',
  boxNotInCart: 'That box is no longer in your cart.',
  onlyBunchesLeft: (variety: string, bunches: number) =>
    `Only ${bunches} ${bunches === 1 ? 'bunch' : 'bunches'} of ${variety} ${bunches === 1 ? 'was' : 'were'} left`,
  lineNotInCart: 'That line is no longer in your cart.',
  networkNeeded:
    'You are offline. Logging in needs a connection; please try again when you are back online.',
  // A staff price change re-prices open cart lines (sync-server/src/cart/offer-price.ts).
  cartPriceChanged: (variety: string, from: string, to: string, unit: string) =>
    `The price of ${variety} in your cart changed from ${from} to ${to} per ${unit}.`,
} as const;
