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
  /** Where the region's weekdays are told: a picked address, the standing-order form. */
  deliveredOn: (zipcode: string, days: readonly string[]) =>
    `Deliveries to ${zipcode} are on ${andList(days.map((day) => `${day}s`))}.`,
  /** The chosen date was not delivered to the address just picked: it moved to the next one. */
  dateMoved: (date: string) => `Your delivery date moved to ${date}, the next day delivered there.`,
  /** Said instead of `dateMoved` when no such day is open in the coming weeks. */
  pickDeliveredDay: 'Please pick one of those days in the calendar.',
  zipcodeForced: 'Deliveries to this customer are allowed whatever the zip code.',
  customerNotFound: 'No such customer.',
} as const;
