/** Texts of events, the delivery schedule and the account manager (issue 26); the spec leaves them to us. */
export const eventMessages = {
  addEventTitle: 'Add an event',
  editEventTitle: 'Edit the event',
  saveEvent: 'Save event',
  eventCalendarTitle: 'Event calendar',
  eventNotFound: 'That event is no longer in your calendar.',
  tooManyEvents: (max: number) =>
    `You can keep at most ${max} events. Please delete a past event to add another.`,
  lineNotFound: 'That cart line is no longer in your cart.',
  eventSaved: 'Event saved',
  eventDeleted: 'The event has been removed',
  deleteEvent: 'Delete event',
  deleteEventTitle: (name: string) => `Delete the event ${name}?`,
  deleteEventBody: 'It is removed from your events and the event calendar. This cannot be undone.',
  keepEvent: 'Keep it',
  suggestedDelivery: (day: string) =>
    `Suggested delivery: ${day}, so the flowers arrive about 4 days before the event.`,
  noSuggestedDelivery:
    'No delivery day fits this event: flowers must arrive 2 to 7 days before it.',
  arrivesTooLate: (event: string) =>
    `Arrives too late for ${event}: flowers need at least 2 days before the event.`,
  arrivesTooEarly: (event: string) =>
    `Arrives too early for ${event}: flowers arriving over 7 days before will be past their best.`,
  noEvent: 'No event',
  eventSubtotal: (event: string) => `Subtotal for ${event}`,
} as const;
