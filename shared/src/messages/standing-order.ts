import { nameWithLength } from '../stem-length';

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
  /** Where a standing order's boxes go: on the form (the delivery bar's address) and its card. */
  deliversTo: (address: string) => `Delivers to ${address}`,
  deliversToChosen: 'the address chosen in the delivery bar.',
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
