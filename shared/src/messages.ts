/**
 * Every text a user reads that the spec names, spelled exactly as the spec spells it
 * (including its typos, e.g. 'ocurred'). UI and server import from here only.
 *
 * One module per group, so that a screen's bundle carries only the texts it shows (the first
 * screen loads none of the lazy features' texts).
 */
export { messages } from './messages/spec-core';
export { stemlineMessages } from './messages/stemline';
export { checkoutMessages } from './messages/checkout';
export { refusalMessages } from './messages/refusal';
export { deliveryMessages } from './messages/delivery';
export { discardMessages } from './messages/discard';
export { accountMessages } from './messages/account';
export { catalogMessages } from './messages/catalog';
export { guestMessages } from './messages/guest';
export { deletedProductMessages } from './messages/deleted-product';
export { claimMessages } from './messages/claim';
export { creditMessages } from './messages/credit';
export { uploadMessages } from './messages/upload';
export { shoppingListMessages } from './messages/shopping-list';
export { shoppingListCardMessages } from './messages/shopping-list-card';
export { eventMessages } from './messages/event';
export { scheduleMessages } from './messages/schedule';
export { managerMessages } from './messages/manager';
export { standingOrderMessages } from './messages/standing-order';
export { mailMessages } from './messages/mail';
export { statementMessages } from './messages/statement';
export { farmMessages } from './messages/farm';
export { closedDateMessages } from './messages/closed-date';
export { logoutMessages } from './messages/logout';
export { customBoxMessages } from './messages/custom-box';
export { loginAsMessages } from './messages/login-as';
