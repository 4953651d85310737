/**
 * Every text a user reads that the spec names, spelled exactly as the spec spells it
 * (including its typos, e.g. 'ocurred'). UI and server import from here only.
 */
export const messages = {
  serverError: 'Server error',
  noData: 'No data',
  loginFailed: 'An error ocurred with login',
  wrongPassword: "Sorry, your password doesn't seem right.",
  enterPassword: 'Enter a password',
  invalidEmail: 'Please fill a valid email address.',
  emailDoesNotSeemRight: "Sorry, your email doesn't seem right.",
  emailHasSpace: 'Please take out the space from your email and try again.',
  addToCartSuccess: 'Product successfully added to your shopping cart.',
  addToCartError: 'Error adding to cart.',
  fieldRequired: 'This field is required.',
  signUpOrLogIn: 'Sign up or log in',
} as const;

/** Texts the spec leaves to us; kept here so both sides say the same thing. */
export const stemlineMessages = {
  soldOut: 'Sorry, this offer just sold out: no boxes are left.',
  onlyBoxesLeft: (boxes: number) => `Only ${boxes} ${boxes === 1 ? 'box was' : 'boxes were'} left`,
  boxLimit: (max: number) => `A cart can hold at most ${max} boxes of one offer.`,
  offerNotFound: 'This offer is no longer available for that delivery date.',
  invalidRequest: 'The request was not valid.',
  unauthorized: 'Please log in again.',
  forbidden: 'You cannot do that with this account.',
  invalidCredentials: "Sorry, your password doesn't seem right.",
  inactiveUser: 'This account is not active. Please contact support.',
  unknownEmail: 'There is no account with this email address.',
  reservationExpired: (variety: string, boxes: number) =>
    `Your 30-minute hold on ${boxes} ${boxes === 1 ? 'box' : 'boxes'} of ${variety} ended, so ${boxes === 1 ? 'it was' : 'they were'} released from your cart.`,
  networkNeeded:
    'You are offline. Logging in needs a connection; please try again when you are back online.',
} as const;
