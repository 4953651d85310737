import { nameWithLength } from '../stem-length';

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
  chooseDate: 'Choose a delivery date first.',
  dateNotDeliverable: 'That delivery date can no longer be chosen. Please pick another.',
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
