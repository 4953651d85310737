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
