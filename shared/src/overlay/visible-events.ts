import type { BuyerEvent } from '../schemas/events';
import { applyOverlay } from './apply-overlay';
import { eventsOverlay, type VisibleEvent } from './events-overlay';
import type { OverlayEntry } from './queued-mutation';

/** The buyer's events by date (then name), with queued adds, edits and deletes applied. */
export function overlayEvents(
  pulled: readonly BuyerEvent[],
  outbox: readonly OverlayEntry[],
  checkpoint: number,
): VisibleEvent[] {
  const events = applyOverlay('events', eventsOverlay(pulled), outbox, checkpoint);
  return [...events.values()].sort((a, b) => a.date - b.date || a.name.localeCompare(b.name));
}
