/**
 * Ours: the texts of several identical custom boxes (spec §3 cart box `number_boxes`).
 */
export const customBoxMessages = {
  numberOfBoxes: 'Number of boxes',
  /** Under the builder's stepper: what the count means. */
  numberOfBoxesHelp: 'Each box holds the same flowers.',
  /** Beside a box's name in the cart and at checkout. */
  times: (boxes: number) => `× ${boxes}`,
  /** The builder's total for every box. */
  totalFor: (boxes: number, amount: string) =>
    `${boxes === 1 ? '1 box' : `${boxes} boxes`}: ${amount}`,
} as const;
