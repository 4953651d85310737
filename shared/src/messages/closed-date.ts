/**
 * Ours: a catalogue link (`?date=`) for a day the calendar does not let one choose (spec §2: a
 * weekend, a disabled day, a day before the minimum) shows why, not that day's catalogue.
 */
export const closedDateMessages = {
  title: (date: string) => `No delivery on ${date}`,
  weekend: 'We do not deliver on weekends.',
  past: (first: string) => `That day has passed. The first day you can order for is ${first}.`,
  holiday: (holiday: string) => `${holiday}: the market is closed, so nothing is delivered.`,
  noArrivals: 'No farm ships for that day.',
  chooseAnother: 'Choose another date',
} as const;
