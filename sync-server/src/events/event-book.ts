import {
  eventMessages,
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

    save(customerKey: string, args: SaveEventArgs): EventChange<BuyerEvent> {
      // A key another customer used answers as if absent: it must not tell whose it is.
      if (events.takenByOther(customerKey, args.key)) return notFound(eventMessages.eventNotFound);
      const existing = events.get(customerKey, args.key);
      const now = app.now();
      const event: BuyerEvent = {
        ...args,
        created_at: existing?.created_at ?? now,
        updated_at: now,
      };
      events.save(customerKey, event, app.changes.nextSeq());
      return applied(event, ['events']);
    },

    remove(customerKey: string, args: DeleteEventArgs): EventChange<null> {
      if (!events.get(customerKey, args.key)) return notFound(eventMessages.eventNotFound);
      events.remove(customerKey, args.key, app.changes.nextSeq());
      return applied(null, ['events']);
    },

    async assignLine(
      customerKey: string,
      args: AssignCartLineEventArgs,
    ): Promise<EventChange<null>> {
      const line = await cart.line(customerKey, args.line_key);
      if (!line) return notFound(eventMessages.lineNotFound);
      if (args.event_key !== null && !events.get(customerKey, args.event_key)) {
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
