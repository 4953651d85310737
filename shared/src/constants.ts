/** Business constants of spec §9, in one place. */

/** Every delivery date and every server clock reading is in this zone. */
export const MARKET_TIME_ZONE = 'America/New_York';
/** Open-market lines are held this long in a cart, by the server clock. */
export const RESERVATION_MINUTES = 30;
/** At most this many boxes of one price row per cart, and offered per row. */
export const MAX_BOXES_PER_PRICE_ROW = 30;
/** A friend's referral takes this share off the first order. */
export const REFERRAL_DISCOUNT = 0.15;
/** Ours: friends one `send_referral` may invite at once. */
export const REFERRAL_EMAILS_PER_SEND = 10;
/**
 * Ours: mails the server sends for one customer in any 24 hours (referrals, email
 * verification, password reset), so nobody can use it to mail the world.
 */
export const MAILS_PER_CUSTOMER_PER_DAY = 20;
/** Select lists show this many items before 'Show more'. */
export const SELECT_LIST_PREVIEW = 4;
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_SORT_RANK = 9_999_999;
export const COUNTRIES = ['CO', 'CR', 'EC', 'NL', 'TH', 'US'] as const;
export const UNITS = ['stem', 'bunch', 'bouquet'] as const;
export const ROLES = ['florist', 'grower', 'manager'] as const;
/**
 * Spec §9: the login client type is mobile or desktop by the 768px limit (a window at most this
 * wide logs in as mobile); kept on the customer's preferences as `last_login_client`.
 */
export const LOGIN_CLIENTS = ['mobile', 'desktop'] as const;
export type LoginClient = (typeof LOGIN_CLIENTS)[number];
export const LOGIN_CLIENT_MOBILE_MAX_PX = 768;
export const loginClientFor = (windowWidth: number): LoginClient =>
  windowWidth <= LOGIN_CLIENT_MOBILE_MAX_PX ? 'mobile' : 'desktop';
/** Spec §4, §9: the app's mode, beta for a customer with no orders (`last_login_app`). */
export const appModeFor = (nOrders: number): 'beta' | 'app' => (nOrders === 0 ? 'beta' : 'app');
/** Address form limits (spec §5, §9). */
export const ADDRESS_STREET_MAX = 25;
export const ADDRESS_CITY_MAX = 25;
export const ZIPCODE_DIGITS = 5;
/** How many one-time delivery addresses a customer may keep (ours: keeps the picker usable). */
export const MAX_ONE_TIME_ADDRESSES = 50;
/** The `_KEY` of the customer's main address; one-time addresses never use it. */
export const MAIN_ADDRESS_KEY = 'main';
/**
 * Ours: the version of the variety pictures' drawings (sync-server catalog/variety-image-shapes.ts).
 * Picture URLs carry it and are kept a year as immutable, by the browser and the service worker:
 * a change to the drawings bumps it, or buyers keep seeing the old ones.
 */
export const VARIETY_IMAGE_VERSION = 2;
/**
 * Claims (issue 24): a claim is filed within this many hours of the row's arrival (the market
 * leader's policy), shown to the buyer as a countdown.
 */
export const CLAIM_WINDOW_HOURS = 48;
/** A claim shows the damage with at least this many photos, or at least one video. */
export const CLAIM_MIN_PHOTOS = 4;
export const CLAIM_MIN_VIDEOS = 1;
/** Ours: at most this many files on one claim. */
export const CLAIM_MAX_FILES = 20;
/** Ours: upload size caps; a larger file is answered 413. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 200 * 1024 * 1024;
/**
 * Ours: the chunked upload (`/api/uploads`). A device sends parts of this size (an interruption
 * loses at most one part: about 5 s at 1.5 Mbps); the server takes parts up to the larger cap.
 */
export const UPLOAD_PART_BYTES = 1024 * 1024;
export const MAX_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** Spec §5: the file types a claim may carry, decided by the file's content. */
export const UPLOAD_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const UPLOAD_VIDEO_TYPES = ['mp4', 'avi', 'mov', 'wmv', 'm4v', 'webm'] as const;
/**
 * Standing orders (issue 25): each delivery week becomes an order this many days before its
 * delivery date (the cut-off, at the start of that market day). From then on the week can no
 * longer be skipped or changed: it is decided.
 */
export const STANDING_ORDER_CUTOFF_DAYS = 5;
