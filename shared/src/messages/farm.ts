import { formatCount } from '../money';

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
