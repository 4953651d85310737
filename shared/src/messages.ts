import { formatCount } from './money';
import { nameWithLength } from './stem-length';

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
  // Delivery address and date (spec §2 Delivery-address picker modal, Date picker; §5; §8).
  selectDeliveryAddress: 'Select the delivery address for this order:',
  otherAddresses: 'Other (one time) addresses',
  addAddressLink: '+add',
  addAddressTitle: 'Add a (one time) delivery address',
  editAddressTitle: 'Edit the (one time) delivery address',
  addAddressButton: 'Add address',
  updateAddressButton: 'Update address',
  zipcodeDigits: 'Please fill in the 5 digits of your zipcode.',
  addressUpdated: 'Address updated successfully',
  addressRemoved: 'The address has been removed',
  addressDeleteFailed: 'The address could not be deleted. Please try again later.',
  pickDeliveryWeek: 'Pick a delivery week',
} as const;

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

/** Texts of checkout, saved cards, orders and favourites (the spec names none of them). */
export const checkoutMessages = {
  cardNumberInvalid: 'Please check the card number.',
  cardBrandUnsupported: 'We accept Amex, Diners, Discover, JCB, MasterCard and Visa cards.',
  cardExpiryInvalid: 'Please enter the expiry month and year shown on the card.',
  cardExpired: 'This card has expired.',
  cvvInvalid: (digits: number) => `Please enter the ${digits}-digit security code.`,
  cardNotFound: 'That card is not saved on this account.',
  cardSaved: 'Card saved.',
  cardAlreadySaved: 'This card is already saved on your account.',
  tooManyCards: (max: number) =>
    `You can keep at most ${max} saved cards. Please remove one to add another.`,
  cardDeleted: 'Card removed.',
  cartEmpty: 'Your cart is empty.',
  productsRemoved: 'Some products in your cart are no longer available and were removed.',
  nothingLeftToOrder:
    'None of the products in your cart can be ordered any more. Please choose other products.',
  lineRemoved: (variety: string, boxes: number, reason: string) =>
    `${boxes} ${boxes === 1 ? 'box' : 'boxes'} of ${variety} ${boxes === 1 ? 'was' : 'were'} removed from your cart: ${reason}`,
  priceChanged: (variety: string, from: string, to: string) =>
    `The price of ${variety} changed from ${from} to ${to}; your order was charged the new price.`,
  orderPlaced: (number: string) => `Order ${number} is placed.`,
  orderNotFound: 'There is no such order on this account.',
  orderCancelled: (number: string) => `Order ${number} is cancelled.`,
  boxesCancelled: 'Those boxes are cancelled.',
  tooLateToCancel: 'These boxes ship too soon to be cancelled.',
  alreadyCancelled: 'This is already cancelled.',
  orderKeyTaken: 'An order with this key already exists.',
  holdsExtended: (lines: number) =>
    `Your hold on ${lines} open-market ${lines === 1 ? 'line' : 'lines'} now runs 30 more minutes.`,
  varietyNotFound: 'This product is no longer in the catalogue.',
  favoriteNotFound: 'That favourite is not on this account.',
  favoriteNotSaved: 'Your favourite could not be saved.',
  cardNeedsConnection: 'Saving or removing a card needs a connection.',
  cardHolderRequired: 'Please enter the name on the card.',
  cardNotRemoved: 'The card could not be removed.',
  orderNotQueued: 'Your order could not be queued.',
  orderNotPlaced: 'Your order was not placed.',
  orderQueued: 'Your order is queued on this device and will be placed when you are back online.',
  cancelNeedsConnection: 'Cancelling needs a connection.',
  nothingCancelled: 'Nothing was cancelled.',
  // Custom boxes at checkout (sync-server/src/checkout/place-order.ts).
  openBoxesStay: (boxes: number) =>
    `Only closed custom boxes are ordered: close ${boxes === 1 ? 'your open custom box' : `your ${boxes} open custom boxes`} to order ${boxes === 1 ? 'it' : 'them'}; until then ${boxes === 1 ? 'it stays' : 'they stay'} in your cart.`,
  boxRemoved: (box: string, reason: string) => `${box} was removed from your cart: ${reason}`,
  boxPriceChanged: (box: string) =>
    `Prices in your ${box} changed since you filled it; your order was charged the new prices.`,
  // Delivery addresses of cart lines and orders (issue 27).
  addressNotFound:
    'That delivery address is no longer in your address book. Please choose another one.',
  shipsTo: 'Ships to',
  splitByAddress: (orders: number) =>
    `Your cart ships to ${orders} addresses, so it was placed as ${orders} orders, one per address.`,
  willSplitByAddress: (orders: number) =>
    `Your cart ships to ${orders} addresses: it will be placed as ${orders} orders, one per address.`,
} as const;

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

/** Texts of the delivery address and date that the spec leaves to us. */
export const deliveryMessages = {
  addressTooLong: (max: number) => `Please use at most ${max} characters.`,
  streetCharacters: 'Please use only letters, digits and spaces.',
  cityCharacters: 'Please use only letters and spaces.',
  chooseState: 'Please choose a state.',
  addressNotFound: 'That address is no longer in your address book.',
  addressKeyTaken: 'An address with this key already exists.',
  mainAddressReadOnly: 'The main address is changed in your company details.',
  tooManyAddresses: (max: number) =>
    `You can keep at most ${max} one-time addresses. Please delete one to add another.`,
  addressSaveFailed: 'The address could not be saved. Please try again later.',
  /** A delete refused: cart lines ship to the address (they would go to a deleted address). */
  addressInCart:
    'Boxes in your cart ship to this address. Remove them, or place the order, before deleting it.',
  autoDateNotAllowed: 'Only new and guest customers get an automatic delivery date.',
  dateNotSelectable: 'That day cannot be chosen. Please pick a day that is open in the calendar.',
} as const;

/**
 * 'Discard the changes?': asked before a form's unsaved typing is dropped, however the buyer
 * leaves it (its Back, Escape or ×, a link, the browser's Back).
 */
export const discardMessages = {
  title: 'Discard the changes?',
  keep: 'Keep editing',
  discard: 'Discard',
  companyDetails: 'Your changes to the company details are not saved yet.',
  newAddress: 'The address you started is not saved yet.',
  changedAddress: 'Your changes to this address are not saved yet.',
} as const;

/** '1 second', '45 seconds', '3 minutes': a wait as a person reads it. */
function waitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Texts of sign-up, log-in, guests, password reset and roles. `spec` holds the spec's own words
 * (§2, §4, §5, §8), spelled exactly as there; the rest are ours, for what the spec leaves open.
 */
export const accountMessages = {
  /**
   * Why `add_user` refuses a guest customer, whoever asks: its users would sign in with passwords
   * to an account that never gave the sign-up answers. The guest upgrades first (spec §4).
   */
  guestAddUserRefusal: 'Upgrade this guest account to a full account before adding users.',
  /**
   * Why `update_user_customer_email` refuses a guest's own change: a guest is its email, proven
   * by the link mailed there. Moved to an address its owner never proved, the next person to give
   * that address would sign in to an account the mover still holds a session of.
   */
  guestEmailChangeRefusal:
    'Upgrade this guest account to a full account before changing its email.',
  /**
   * Why a login-as session may not change a sign-in email nor add a user: staff would keep the
   * account through an address or a password of their own after they leave (spec §6).
   */
  loginAsAccountRefusal:
    'Signed in with Login As, you cannot change a sign-in email or add users. The customer can, or an admin from their own session.',
  /** `update_user_customer_email` of one's own email: the password proves it is the owner. */
  currentPasswordForEmail: 'Please enter your current password to change your sign-in email.',
  // Spec §5 create-account form (v2).
  enterFirstName: 'Enter First Name',
  enterLastName: 'Enter Last Name',
  enterCompanyName: 'Enter Company Name',
  enterBusinessType: 'Enter Business Type',
  enterResaleNumber: 'Enter Resale Number/BIN/EIN/Tax ID',
  enterZipCode: 'Enter Zip Code',
  zipCodeFiveDigits: 'Zip Code needs to be 5 digits',
  enterEmailAddress: 'Enter Email Address',
  enterPhoneNumber: 'Enter Phone Number',
  subQuestionRequired: 'This field is required',
  invalidWebsite:
    'The website must have a valid domain and can optionally begin with http:// or https://',
  companyNameNotNA: 'Company name cannot be NA or N/A',
  emailTaken:
    'This email address already belongs to an account. Please click here (to login or if you forgot your password) or use another email address.',
  repeatPassword: 'Please enter your password again',
  // Spec §5 older sign-up form.
  emailMismatch: 'Email does not match',
  phoneTenDigits: 'Please fill in the 10 digits of your mobile phone number.',
  // Spec §5 / §8 forgot and change password.
  useAnEmail: 'Please use an email',
  emailSent: 'Email sent.',
  missingParameters: 'Missing parameters',
  passwordMismatch: "Password doesn't match",
  passwordMinimum: 'Please write a password of 8 characters minimum',
  serviceFailure: 'There was a failure in the service. Try again later',
  passwordChanged: 'Password changed successfully',
  // Spec §8 other outcomes.
  createdAccount: 'Created Account Successfully',
  loginSuccessful: 'Login successful',
  /** A log-in whose `client` is neither mobile nor desktop (spec §9 login client type). */
  unknownLoginClient: 'The log-in came from an unknown kind of app. Reload the page and try again.',
  useLoginAs: 'Please use the login as feature',
  unableToLogin: 'unable to login',
  tokenValidationFailed: 'an error occurred',
  // Spec §2 titles, buttons and notes.
  createYourAccount: 'Create your account',
  continueToSeePrices: 'Continue to see prices',
  startShopping: 'Start shopping »',
  forgotPassword: 'Forgot password?',
  emailMeTheLink: 'Email me the link now',
  linkSent: (email: string) => `A link to create your new password has been sent to: ${email}`,
  okClose: 'Ok, close',
  chooseNewPassword: 'Choose your new password',
  saveNewPassword: 'Save new password and go back to login »',
  settingUpAccount: "we're setting up your account. Please wait a moment.",
  // Ours.
  captchaFailed: 'The captcha could not be executed. Please refresh the page and try again.',
  staffUseLoginAs:
    'Staff accounts cannot log in here. Please use the Login As feature in the customer-relationship service.',
  /** The wait of a log-in back-off: seconds under two minutes, then whole minutes (rounded up). */
  tooManyAttempts: (waitMs: number) =>
    `Too many failed log-in attempts. Please wait ${waitText(waitMs)} and try again, or reset your password.`,
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  /** A sign-up or guest sign-in over its client address's hourly count of new accounts. */
  tooManyNewAccounts:
    'Too many accounts have been created from your network in the last hour. Please log in to an account you already have, or try again later.',
  sessionExpired: 'Your session has expired. Please log in again.',
  signUpNeedsNetwork:
    'You are offline. Signing up needs a connection; please try again when you are back online.',
  resetLinkInvalid: 'This password link is no longer valid. Please ask for a new one.',
  verificationLinkInvalid: 'This verification link is not valid or has expired.',
  onlyGuestsUpgrade: 'Only guest accounts can be upgraded.',
  referralUnknown: 'This referral code is not valid.',
  // Ours: the create-account page checks the code a visitor arrived with (spec §4 sign-up flow).
  referredBy: (company: string, discountPercent: number) =>
    `${company} referred you: your first order is ${discountPercent}% off.`,
  referralCodeUnknown: (code: string) =>
    `The referral code ${code} is not valid, so no referral discount applies. You can still create your account.`,
  /** A sign-up refused for its referral code (not checked before): the page then drops it. */
  referralRemovedOnSignUp:
    'This referral code is not valid, so we took it off. Send the form again to create the account without it.',
  /** A guest sign-in (see prices) refused for its referral code: it goes again without it. */
  referralDroppedForPrices:
    'That referral code is not valid, so no referral discount applies. Here are the prices.',
  referralChecking: 'Checking your referral code…',
  referralCheckedAtSignUp: 'You are offline: your referral code will be checked when you sign up.',
  referralNotChecked:
    'Your referral code could not be checked now; it will be checked when you sign up.',
  contactOwnerUnknown: 'Please choose a contact owner from the list.',
  wrongCurrentPassword: 'Your current password is not right.',
  userNotFound: 'There is no such user.',
  // Ours: the account area (pwa/src/features/account).
  accountNeedsNetwork:
    'You are offline. Account settings need a connection; please try again when you are back online.',
  otherSessionsEnded: 'Your other devices were signed out.',
  referralSent: (count: number) =>
    `Invitation sent to ${count} ${count === 1 ? 'friend' : 'friends'}. They get 15% off their first order.`,
  referralNotSent: 'The invitation could not be sent. Please try again.',
  referralNeedsFullAccount: 'Create your full account to invite friends.',
  companyNameRequired: 'Please enter your company name.',
  companyNameTooLong: (max: number) => `Please use at most ${max} characters.`,
  companyOnlyMainUser: 'Only the main user of your company can change its details.',
  companySaved: 'Company details saved.',
  referralSelf: (email: string) =>
    `${email} is your own address: invite someone else. The 15% is for friends who are new to Stemline.`,
  referralHasAccount: (emails: readonly string[]) =>
    `Not sent to ${emails.join(', ')}: ${emails.length === 1 ? 'this address already has' : 'these addresses already have'} a Stemline account.`,
  mailAlreadySentToday: (emails: readonly string[]) =>
    `Not sent again to ${emails.join(', ')}: invited today already.`,
  mailDailyLimit: (limit: number, emails: readonly string[]) =>
    `Not sent to ${emails.join(', ')}: you can send ${limit} emails a day. Please try again tomorrow.`,
  usersLoadFailed: 'The users of your company could not be loaded.',
  userAdded: 'User added',
  userUpdated: 'User updated',
  onlyMainUserManagesUsers: 'Only the main user of your company can add or change users.',
  /** A sign-up's choice the server refused: not one of its list (`question` in words). */
  signUpAnswerNotOffered: (question: string) =>
    `Please choose ${question} from the list offered, then try again.`,
  /** Hunter sign-up: the CRM already has the email as a contact of another owner. */
  crmContactOwned: (owner: string) =>
    `This email is already a contact of ${owner}, now chosen as its owner. Press 'Start shopping »' again to go on, or choose another owner.`,
  /**
   * A phone number longer than any that can be dialled: the spec's 'Enter Phone Number' would
   * tell the visitor to type what they already typed.
   */
  phoneTooLong: (maxDigits: number) =>
    `A phone number has at most ${maxDigits} digits. Please check your phone number.`,
  /** A sign-up's field the server could not take (too long, or not text). */
  signUpFieldNotAccepted: (field: string) =>
    `Please check ${field}: it could not be accepted as entered.`,
} as const;

/** Texts of the catalogue. `spec` words (§2, §9) are spelled exactly as there; the rest are ours. */
export const catalogMessages = {
  // Spec §2 Catalog, §9.
  searchPlaceholder: 'Type any flower, color, farm or tag',
  sortMostPopular: 'Most popular',
  sortPriceLowHigh: 'Price low-high',
  showMore: 'Show more',
  // Ours.
  showLess: 'Show less',
  logInToSeePrices: 'Log in to see prices',
  browseBestDeal: 'Best deal',
  browseByFarm: 'By farm',
  viewGrid: 'Grid',
  viewList: 'List',
  noMatches: 'No flowers match',
  noMatchesHint: 'Try another word, or clear some filters.',
  clearFilters: 'Clear all filters',
  lengthFilterHint: 'Choose both a shortest and a longest length to filter by length.',
  /** '1 variety', '11,000 varieties'. */
  varieties: (count: number) => `${formatCount(count)} ${count === 1 ? 'variety' : 'varieties'}`,
  varietyCount: (count: number, date: string) => `${catalogMessages.varieties(count)} for ${date}`,
  /** Ours: before a delivery date is chosen, the catalogue and its prices are the first date's. */
  pricesForFirstDate: (date: string) => `Prices for the first delivery date, ${date}`,
  chooseYourDate: 'Choose your date',
  favorites: 'Favourites',
  noFavorites: 'No favourites yet',
  noFavoritesHint: 'Tap the heart on a flower to keep it here, online or offline.',
} as const;

/**
 * Texts of guest sessions and guest orders (ours: the spec says guests see prices after giving
 * an email, and leaves open what a session made from an email alone may reach).
 */
export const guestMessages = {
  confirmEmailTitle: 'Confirm your email',
  confirmEmailFirst:
    'Please confirm your email first: open the link we sent you. Until then you can see prices and fill a new cart.',
  confirmEmailWhy: (email: string) =>
    `Anyone can type an email, so we ask you to open the link we sent to ${email}. It shows your saved cards, addresses, orders and favourites, and lets you order.`,
  sendLink: 'Email me the link',
  linkSentTo: (email: string) => `We sent the link to ${email}. Open it on this device.`,
  linkNotSent: 'The link could not be sent. Please try again.',
  addressRequired: 'Please choose a delivery address to place your order.',
  emailUnverified: 'Please confirm your email to place your order: open the link we sent you.',
  guestCanOrder: 'You can order as a guest with a delivery address and a confirmed email.',
  /** Under a regular line the server holds because the guest's email is not confirmed yet. */
  heldUntilConfirmed:
    'Held for 30 minutes until you confirm your email: open the link we sent you to keep it.',
} as const;

/**
 * The 'delete product message' modal (spec §2; §4: "a guest with removed products sees a message
 * modal"): the products the server took out of a guest's cart, from `get_customer_delete_products`.
 * The spec gives no texts; these are ours.
 */
export const deletedProductMessages = {
  title: 'Removed from your cart',
  intro: 'We took these products out of your cart:',
  reasons: {
    reservation_expired: 'its 30-minute hold ended',
    unavailable: 'it is no longer available',
  },
  acknowledge: 'OK, got it',
} as const;

/**
 * Claims on delivered flowers (issue 24). Spec §8: an error containing 'existing claim' is a
 * duplicate claim, so `duplicateClaim` must keep those words.
 */
export const claimMessages = {
  duplicateClaim: (variety: string) =>
    `There is an existing claim for ${variety} on this order. Withdraw it to file a new one.`,
  /** Heads the duplicate-claim messages collected on the claims page (spec §8). */
  duplicateClaimsTitle: 'Already claimed',
  notArrived: (variety: string) => `${variety} has not arrived yet: claims open once it arrives.`,
  windowClosed: (variety: string, hours: number) =>
    `Claims on ${variety} closed ${hours} hours after it arrived.`,
  tooManyUnits: (variety: string, delivered: number, uom: string) =>
    `You can claim at most ${delivered} ${uom}s of ${variety}: that is what was delivered.`,
  lineCancelled: (variety: string) => `${variety} was cancelled, so it cannot be claimed.`,
  lineNotOnOrder: 'That line is not on this order.',
  lineTwice: 'Each line can be claimed once per claim.',
  needsPhotos: (photos: number, videos: number) =>
    `Add at least ${photos} photos or ${videos} video of the damaged stems and the box label.`,
  tooManyFiles: (max: number) => `A claim can carry at most ${max} photos and videos.`,
  claimNotFound: 'That claim was not found.',
  orderNotFound: 'That order was not found.',
  claimLocked: 'This claim is already in review, so it can no longer be changed or withdrawn.',
  claimSubmitted: (number: string) =>
    `Claim ${number} was submitted. We review it within 2 business days.`,
  claimUpdated: (number: string) => `Claim ${number} was updated.`,
  claimWithdrawn: (number: string) => `Claim ${number} was withdrawn.`,
  /** Shown on a claim while its withdrawal waits for the server. */
  claimWithdrawing: 'Withdrawing',
  withdrawExplained:
    'The claim and its photos are taken back, and its lines can be claimed again while the claim window is open.',
  withdrawalNotSaved: 'The withdrawal could not be kept on this device. Please try again.',
  /** Shown on a claim while its change waits for the server. */
  claimUpdating: 'Updating',
  editExplained:
    'Change the units, the reason or what happened. The photos and videos already sent stay with the claim.',
  claimNeedsALine: 'Keep at least one line with units to claim, or withdraw the claim.',
  changeNotSaved: stemlineMessages.changeNotKept,
  claimCredited: (number: string, amount: string) =>
    `Claim ${number} was credited: ${amount} is on your balance.`,
  claimDeclined: (number: string, reason: string) => `Claim ${number} was declined: ${reason}`,
  claimInReview: (number: string) => `Claim ${number} is in review.`,
  fileTypeNotAllowed:
    'Only photos (png, jpg, jpeg) and videos (mp4, avi, mov, wmv, m4v, webm) can be uploaded.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: (kind: 'photo' | 'video', megabytes: number) =>
    `This ${kind} is too large: at most ${megabytes} MB.`,
  folderNotFound: 'That folder was not found.',
  photosWaiting: (waiting: number) =>
    `${waiting} ${waiting === 1 ? 'file is' : 'files are'} waiting to upload. They are kept on this device and sent when you are online.`,
  photosNotSaved:
    'This device is out of space: the photo was not kept. Free some space and take it again; the photos already taken are safe.',
  claimSending: 'Claim saved: its photos are being sent now.',
  claimNotSaved: 'The claim could not be kept on this device. Please try again.',
  claimWaitingToSend: 'Waiting to send',
  /** Pill of a claim whose files the server held back (its upload limit of 24 hours). */
  claimUploadsHeld: 'Upload limit reached',
  /** Under the server's reason on such a claim: the files are not lost, nor sent every minute. */
  uploadsHeldKept: (minutes: number) =>
    `The files stay on this device and are tried again in ${minutes} minutes, or when you press Try again.`,
  retryUploads: 'Try again',
  processInfoTitle: 'How claims work',
  processInfo: [
    'Claims are filed within 48 hours of arrival, on the lines that arrived.',
    'Show the damaged stems and the box label: at least 4 photos or 1 video.',
    'Photos taken offline are kept on this device and sent when you are back online.',
    'We review each claim; a credit goes on your balance and is taken off your next order.',
  ],
  requestClaimTitle: 'Request a claim',
} as const;

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

/** The chunked, resumable upload of claim photos and videos (`/api/uploads`, issue 24). */
export const uploadMessages = {
  uploadNotFound: 'That upload was not found. Please start it again.',
  wrongOffset: (offset: number) => `The upload goes on from byte ${offset}.`,
  overrun: 'The upload sent more bytes than it announced.',
  emptyPart: 'The upload sent an empty part.',
  uploadInterrupted: 'The part was cut off before it all arrived. Please send it again.',
  busy: 'A part of this upload is still arriving. Please try again in a moment.',
  rangeNotSatisfiable: (bytes: number) =>
    `That part of the file does not exist: the file has ${bytes} bytes.`,
  dailyBytesSpent: (megabytes: number) =>
    `You can upload at most ${megabytes} MB of photos and videos in 24 hours. Please try again later.`,
  dailyFoldersSpent: (max: number) =>
    `You can upload files for at most ${max} claims in 24 hours. Please try again later.`,
} as const;

/**
 * Shopping lists, re-order and standing orders (issue 25). Spec §2 names the 'shopping list
 * error' and 'shopping list not found' modals; §8: unavailable re-order items are counted and
 * flagged, as is a product that no longer exists.
 */
export const shoppingListMessages = {
  listErrorTitle: 'Shopping list error',
  listNotFoundTitle: 'Shopping list not found',
  listNotFound: 'That shopping list was not found. It may have been deleted on another device.',
  itemNotFound: 'That item is no longer on the list.',
  tooManyLists: (max: number) => `You can keep at most ${max} shopping lists.`,
  tooManyItems: (max: number) => `A shopping list can hold at most ${max} items.`,
  quantityTooLarge: (max: number) => `An item can ask for at most ${max} boxes or bunches.`,
  listCreated: (name: string) => `Shopping list ${name} created.`,
  addedToList: (variety: string, list: string) => `${variety} added to ${list}.`,
  addToList: 'Add to list',
  openingLists: 'Opening your lists…',
  runList: 'Add list to cart',
  emptyList: 'This list has no items yet. Add them from the catalogue with Add to list.',
  noLists: 'Create a list above, then add flowers to it from the catalogue with Add to list.',
  chooseDate: 'Choose a delivery date first.',
  dateNotDeliverable: 'That delivery date can no longer be chosen. Please pick another.',
  runQueued: 'The list will be added to your cart as soon as you are online.',
  runAllAdded: (items: number) =>
    `All ${items} ${items === 1 ? 'item was' : 'items were'} added to your cart.`,
  runShort: (short: number, items: number) =>
    `${short} of ${items} ${items === 1 ? 'item' : 'items'} could not be added in full.`,
  soldOut: (variety: string) => `${variety} is sold out for this date.`,
  fewerLeft: (variety: string, added: number, asked: number) =>
    `Only ${added} of the ${asked} boxes of ${variety} were left; ${added} added.`,
  notOffered: (variety: string, length: number) =>
    `${nameWithLength(variety, length)} is not offered for this date.`,
  notOfferedByGrower: (variety: string, length: number, grower: string) =>
    `${nameWithLength(variety, length)} is not offered by ${grower} for this date.`,
  productGone: (variety: string) => `${variety} is no longer in the catalogue.`,
  priceChanged: (variety: string, was: string, now: string) =>
    `The price of ${variety} changed from ${was} to ${now} per unit.`,
  roundedToBoxes: (bunches: number, boxes: number) =>
    `${bunches} bunches come in ${boxes} ${boxes === 1 ? 'box' : 'boxes'}.`,
  alternativeSameVariety: 'Same variety from another farm',
  alternativeSameGroup: 'Same kind, colour and length',
  reorderUnavailable: (count: number) =>
    `${count} ${count === 1 ? 'item is' : 'items are'} not available for this date.`,
  reorderMissing: (count: number) =>
    `${count} ${count === 1 ? 'product no longer exists' : 'products no longer exist'}.`,
  reorderQueued:
    'Saved on this device: the lines below are in your cart now, and the server checks their stock when you are back online.',
  reorderQueuedNothingLocal:
    'Saved on this device: the server checks every line when you are back online.',
  /** `product`: the variety with its stem length when it has one ("Freedom 60 cm"). */
  reorderNotOnDevice: (product: string, date: string) =>
    `${product} is not in this device's catalogue for ${date}: it was not added yet, and the server checks it when you are back online.`,
  reorderNoCatalogOnDevice: (date: string) =>
    `The catalogue of ${date} is not on this device, so no line could be checked here.`,
  reorderSubstitutesLater:
    'Substitutes are proposed by the server: you will see them here when you are back online, and none is added by itself.',
  reorderServerAnswer: 'The server has answered:',
  reorderAllAddedOnSync: 'The server has added every line.',
  reorderSubstituteProposed: (variety: string, instead: string) =>
    `${variety} is not available: we propose ${instead} instead. It was not added; add it if you want it.`,
  reorderAdded: (count: number) =>
    `${count} ${count === 1 ? 'item was' : 'items were'} added to your cart again.`,
  orderAgain: 'Order again',
  noLastOrder: 'You have no past order to repeat yet.',
  orderNotFound: 'That order was not found.',
} as const;

/** Texts of events, the delivery schedule and the account manager (issue 26); the spec leaves them to us. */
export const eventMessages = {
  addEventTitle: 'Add an event',
  editEventTitle: 'Edit the event',
  saveEvent: 'Save event',
  eventCalendarTitle: 'Event calendar',
  eventNotFound: 'That event is no longer in your calendar.',
  tooManyEvents: (max: number) =>
    `You can keep at most ${max} events. Please delete a past event to add another.`,
  lineNotFound: 'That cart line is no longer in your cart.',
  eventSaved: 'Event saved',
  eventDeleted: 'The event has been removed',
  suggestedDelivery: (day: string) =>
    `Suggested delivery: ${day}, so the flowers arrive about 4 days before the event.`,
  noSuggestedDelivery:
    'No delivery day fits this event: flowers must arrive 2 to 7 days before it.',
  arrivesTooLate: (event: string) =>
    `Arrives too late for ${event}: flowers need at least 2 days before the event.`,
  arrivesTooEarly: (event: string) =>
    `Arrives too early for ${event}: flowers arriving over 7 days before will be past their best.`,
  noEvent: 'No event',
  eventSubtotal: (event: string) => `Subtotal for ${event}`,
} as const;

/** 'Tuesdays', 'Tuesdays and Thursdays', 'Mondays, Tuesdays and Fridays'. */
const andList = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const scheduleMessages = {
  /** Why a calendar day is disabled for this address. */
  noDeliveryThatDay: (weekday: string, zipcode: string) =>
    `We don't deliver to ${zipcode} on ${weekday}s.`,
  zipcodeAvailable: (zipcode: string) => `Good news: Stemline delivers to ${zipcode}.`,
  zipcodeUnavailable: (zipcode: string) =>
    `Sorry, Stemline does not deliver to ${zipcode} yet. You can still create an account and browse.`,
  /** An add or order refused: boxes cannot go to this zip (spec §4 and §5 wording). */
  notDeliveredTo: (zipcode: string) =>
    `Sorry, Stemline does not deliver to ${zipcode} yet. Please choose another delivery address.`,
  /** Why checkout leaves boxes for such a zip out, after 'removed from your cart: '. */
  zipcodeNotDelivered: (zipcode: string) => `Stemline does not deliver to ${zipcode} yet.`,
  /** An add refused: the address's region has no delivery on that weekday. */
  notDeliveredOn: (weekday: string, zipcode: string, days: readonly string[]) =>
    `We don't deliver to ${zipcode} on ${weekday}s; deliveries there are on ${andList(days.map((day) => `${day}s`))}. Please pick one of those days.`,
  zipcodeForced: 'Deliveries to this customer are allowed whatever the zip code.',
  customerNotFound: 'No such customer.',
} as const;

export const managerMessages = {
  yourManager: 'Your account manager',
  noManager: 'No account manager is assigned to you yet. Our team is happy to help.',
  notYourManager: 'This is not your account manager.',
  managerNotFound: 'No such account manager.',
  newManagerSubject: 'Meet your new Stemline account manager',
  newManagerSent: (email: string) => `The customer was told of their new manager at ${email}.`,
} as const;

/** Standing orders (issue 25): weekly repeats of a set of items, week mode ('Pick a delivery week'). */
export const standingOrderMessages = {
  pickWeek: 'Pick a delivery week',
  notFound: 'That standing order was not found.',
  notMonday: 'A delivery week starts on a Monday.',
  weekInPast: 'That week has already begun. Please pick a coming week.',
  weekDisabled: 'Standing orders do not deliver that week. Please pick another.',
  /** A coming week's mark: a disabled week, or a delivery day the market is closed. */
  weekClosed: 'No deliveries that week',
  dayClosed: (holiday: string) => `No delivery that day: ${holiday}`,
  weekPastCutoff:
    'That week’s orders are already being made (5 days before delivery). Please pick a later week.',
  weekNotInSchedule: 'That week is not one of this standing order’s deliveries.',
  itemNotOnOrder: 'That item is not on this standing order.',
  tooMany: (max: number) => `You can keep at most ${max} standing orders.`,
  cancelled: 'This standing order is cancelled and can no longer be changed.',
  pricePolicy:
    'Prices are the catalogue’s prices of each delivery week, taken 5 days before delivery; they are not fixed for the term.',
  created: (name: string) => `Standing order ${name} created.`,
  /** The standing-order form with no shopping list holding boxes to repeat. */
  noBoxList:
    'None of your shopping lists has boxes yet. Add boxes to a list from the catalogue with Add to list, or add a custom box.',
  customBoxTitle: 'Custom box for standing order',
  deliveryScheduleTitle: 'Delivery schedule',
  successTitle: 'Your standing order is set',
  /** The success page's title while the new standing order waits in this device's outbox. */
  savedTitle: 'Your standing order is saved on this device',
  refusedTitle: 'Your standing order was not set',
  beingSent: 'It is being sent to Stemline, and is set once Stemline accepts it.',
  sentWhenOnline:
    'It will be sent to Stemline when you are back online, and is set once Stemline accepts it.',
  seeStandingOrders: 'See your standing orders',
  weekDecided:
    'That week’s order was made 5 days before delivery; it can no longer be skipped or changed.',
  /** Notices of the weekly run (the scheduler): what happened and what was done instead. */
  lineShort: (name: string, date: string, variety: string, got: number, asked: number) =>
    `Standing order ${name}, delivery ${date}: only ${got} of the ${asked} boxes of ${variety} were left; ${got} ordered, the rest left out.`,
  lineSoldOut: (name: string, date: string, variety: string) =>
    `Standing order ${name}, delivery ${date}: ${variety} was sold out; it was left out of this week’s order.`,
  lineNotOffered: (name: string, date: string, variety: string, length: number) =>
    `Standing order ${name}, delivery ${date}: ${nameWithLength(variety, length)} is not offered that week; it was left out of this week’s order.`,
  lineNotOfferedByGrower: (
    name: string,
    date: string,
    variety: string,
    length: number,
    grower: string,
  ) =>
    `Standing order ${name}, delivery ${date}: ${grower} does not offer ${nameWithLength(variety, length)} that week; it was left out of this week’s order.`,
  lineGone: (name: string, date: string, variety: string) =>
    `Standing order ${name}, delivery ${date}: ${variety} is no longer in the catalogue; it was left out of this week’s order.`,
  nothingOrdered: (name: string, date: string) =>
    `Standing order ${name}: nothing could be ordered for ${date}, so no order was made and nothing was charged.`,
  cardNotFound: 'That card is not one of your saved cards.',
  chargedTo: (card: string) => `Charged to ${card}`,
  chargedToNewest: 'Charged to your newest saved card at each cut-off',
  cardRemoved:
    'The card this standing order is charged to was removed: choose another, or no order is made.',
  noCardSaved:
    'No saved card yet: add one at checkout before the first cut-off, or no order is made.',
  noCard: (name: string, date: string) =>
    `Standing order ${name}: no order was made for ${date} because no usable card is saved. Add a card before the next cut-off.`,
  noAddress: (name: string, date: string) =>
    `Standing order ${name}: no order was made for ${date} because its delivery address no longer exists; nothing was charged.`,
  blocked: (name: string, date: string, reason: string) =>
    `Standing order ${name}: no order was made for ${date}. ${reason}`,
  boxFarmNotFound: 'That farm is not in the catalogue.',
  addCustomBox: 'Add a custom box',
  boxLeftOut: (name: string, date: string, farm: string, why: string) =>
    `Standing order ${name}, delivery ${date}: the custom box from ${farm} was left out of this week’s order: ${why}.`,
  boxShort: (
    name: string,
    date: string,
    farm: string,
    packed: number,
    asked: number,
    why: string,
  ) =>
    `Standing order ${name}, delivery ${date}: only ${packed} of the ${asked} custom boxes from ${farm} could be packed (${why}); ${packed} ordered.`,
  whyFewBunches: (flower: string) => `${flower} has too few bunches left`,
  whyOverfull: 'its flowers no longer fit in one box at this week’s bunch sizes',
  whyFarmGone: 'the farm is no longer in the catalogue',
  missed: (name: string, date: string) =>
    `Standing order ${name}: the order for ${date} could not be made before its delivery date; nothing was charged.`,
  /** The standing order's address is not delivered, or not on its delivery weekday. */
  notDelivered: (name: string, date: string, reason: string) =>
    `Standing order ${name}: no order was made for ${date} and nothing was charged. ${reason} Please choose another delivery day or address for it.`,
  /** The week's delivery day is a no-delivery holiday of the market's calendar. */
  holiday: (name: string, date: string, holiday: string) =>
    `Standing order ${name}: there are no deliveries on ${date} (${holiday}), so no order was made for that week; nothing was charged.`,
} as const;

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

/** The buyer's preferred and blocked farms in the catalogue (issue 26; the spec leaves them to us). */
export const farmMessages = {
  preferredFarm: 'Preferred farm',
  /** '1 offer from a blocked farm is hidden.', '3 offers from blocked farms are hidden.' */
  blockedOffersHidden: (count: number) =>
    count === 1
      ? '1 offer from a blocked farm is hidden.'
      : `${formatCount(count)} offers from blocked farms are hidden.`,
  /** Spec §6: growers flagged importer cause open-market warnings. */
  importerOpenMarket: 'Open-market offers from an importer are held only 30 minutes in your cart.',
} as const;
