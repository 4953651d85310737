import type { BuyerEvent, DeleteEventArgs, SaveEventArgs } from '../schemas/events';
import type { AssignCartLineEventArgs } from '../schemas/events';
import type { CartLinesOverlay } from './cart-lines-overlay';
import type { OverlayEntry } from './queued-mutation';

/** An event on screen, and whether this device is still waiting for the server to save it. */
export interface VisibleEvent extends BuyerEvent {
  pending: boolean;
}

/** The events while the overlay applies queued mutations to them, by key. */
export type EventsOverlay = Map<string, VisibleEvent>;

/** The overlay's starting point: the pulled events. */
export function eventsOverlay(pulled: readonly BuyerEvent[]): EventsOverlay {
  return new Map(pulled.map((event) => [event.key, { ...event, pending: false }]));
}

/** A queued add or edit, as the server's `save_event` writes it. */
export function applySaveEvent(events: EventsOverlay, args: SaveEventArgs, entry: OverlayEntry) {
  const existing = events.get(args.key);
  events.set(args.key, {
    ...args,
    created_at: existing?.created_at ?? entry.createdAt,
    updated_at: entry.createdAt,
    pending: entry.status === 'pending',
  });
}

/** A queued delete hides the event at once. */
export function applyDeleteEvent(events: EventsOverlay, args: DeleteEventArgs): void {
  events.delete(args.key);
}

/** A queued assignment moves the line into the event (or out of every event) at once. */
export function applyAssignCartLineEvent(
  cart: CartLinesOverlay,
  args: AssignCartLineEventArgs,
): void {
  const line = cart.lines.get(args.line_key);
  if (line) cart.lines.set(args.line_key, { ...line, campaign_recipient: args.event_key });
}
