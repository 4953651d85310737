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
