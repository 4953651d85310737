import { z } from 'zod';

/** An event key: made by the device that adds the event, so it works offline. */
export const eventKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected an event key');

/** The most characters of an event's name, venue and notes. */
export const EVENT_NAME_MAX = 80;
export const EVENT_VENUE_MAX = 160;
export const EVENT_NOTES_MAX = 1000;

/** The most events a customer keeps: every device pulls them all. */
export const MAX_EVENTS = 200;

const eventDateSchema = z.number().int().min(20000101).max(29991231);

/**
 * A buyer's event (a wedding, a party, an installation), as stored and synced in `events`. Cart
 * lines and custom boxes belong to it through their `campaign_recipient`, which holds its key.
 */
export const buyerEventSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The day of the event, yyyyMMdd. */
  date: z.number().int(),
  venue_address: z.string(),
  notes: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
export type BuyerEvent = z.infer<typeof buyerEventSchema>;

/** `save_event`: adds the event when `key` is new, otherwise edits it (the add/edit event modal). */
export const saveEventArgsSchema = z.object({
  key: eventKeySchema,
  name: z.string().trim().min(1).max(EVENT_NAME_MAX),
  date: eventDateSchema,
  venue_address: z.string().trim().max(EVENT_VENUE_MAX),
  notes: z.string().trim().max(EVENT_NOTES_MAX),
});
export type SaveEventArgs = z.infer<typeof saveEventArgsSchema>;

/** `delete_event`: removes the event; its cart lines stay in the cart, belonging to none. */
export const deleteEventArgsSchema = z.object({ key: eventKeySchema });
export type DeleteEventArgs = z.infer<typeof deleteEventArgsSchema>;

/** `assign_cart_line_event`: puts a cart line in an event (its campaign_recipient), or in none. */
export const assignCartLineEventArgsSchema = z.object({
  line_key: z.string().min(1).max(100),
  event_key: eventKeySchema.nullable(),
});
export type AssignCartLineEventArgs = z.infer<typeof assignCartLineEventArgsSchema>;

/** `GET /api/cart_box_event` and run `cart_box_by_event`: `key` names one of the buyer's events. */
export const cartBoxEventQuerySchema = z.object({
  key: eventKeySchema,
  customer: z.string().max(64).optional(),
});
