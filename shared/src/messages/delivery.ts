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
