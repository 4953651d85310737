import {
  eventMessages,
  MAX_EVENTS,
  type AssignCartLineEventArgs,
  type BuyerEvent,
  type DeleteEventArgs,
  type SaveEventArgs,
} from '@stemline/shared';
import type { AppContext } from '../app-context';
import { applied, rejected, type Outcome } from '../kernel/outcome';

export type EventChange<T> = Outcome<T>;

const notFound = (message: string) => rejected('not_found', message);

/**
 * The buyer's events: adding, editing and removing one, and putting a cart line in one (its
 * `campaign_recipient`). The one set of functions behind the queued mutations and their REST
 * faces. Writes must run inside a transaction; a rejection writes nothing.
 */
export function createEventBook(app: AppContext) {
  const { events, cart } = app.repos;

  return {
    list: (customerKey: string) => events.list(customerKey),
    get: (customerKey: string, key: string) => events.get(customerKey, key),

    async save(customerKey: string, args: SaveEventArgs): Promise<EventChange<BuyerEvent>> {
      // A key another customer used answers as if absent: it must not tell whose it is.
      if (await events.takenByOther(customerKey, args.key))
        return notFound(eventMessages.eventNotFound);
      const existing = await events.get(customerKey, args.key);
      // Edits stay possible at the cap; only a new event needs room.
      if (!existing && (await events.count(customerKey)) >= MAX_EVENTS)
        return rejected('conflict', eventMessages.tooManyEvents(MAX_EVENTS));
      const now = app.now();
      const event: BuyerEvent = {
        ...args,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      };
      await events.save(customerKey, event, await app.changes.next());
      return applied(event, ['events']);
    },

    async remove(customerKey: string, args: DeleteEventArgs): Promise<EventChange<null>> {
      if (!(await events.get(customerKey, args.key))) return notFound(eventMessages.eventNotFound);
      await events.remove(customerKey, args.key, await app.changes.next());
      return applied(null, ['events']);
    },

    async assignLine(
      customerKey: string,
      args: AssignCartLineEventArgs,
    ): Promise<EventChange<null>> {
      const line = await cart.line(customerKey, args.line_key);
      if (!line) return notFound(eventMessages.lineNotFound);
      if (args.event_key !== null && !(await events.get(customerKey, args.event_key))) {
        return notFound(eventMessages.eventNotFound);
      }
      await cart.saveLine(
        customerKey,
        { ...line, campaign_recipient: args.event_key, updated_at: app.now() },
        await app.changes.next(),
      );
      return applied(null, ['cart_lines']);
    },
  };
}
export type EventBook = ReturnType<typeof createEventBook>;
