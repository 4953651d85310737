import {
  eventArrival,
  eventMessages,
  formatEtaDate,
  formatCents,
  groupCartByEvent,
  nameWithLength,
  type VisibleCartLine,
  type VisibleEvent,
} from '@stemline/shared';
import { dotSeparated, Select, SelectItem } from '../../ui';

export interface EventCartProps {
  lines: readonly VisibleCartLine[];
  events: readonly VisibleEvent[];
  /** Queues `assign_cart_line_event` for a line. */
  onAssign: (lineKey: string, eventKey: string | null) => void;
}

const NO_EVENT = 'none';

/**
 * The cart viewed per event (shared `groupCartByEvent`): each event's lines with its subtotal,
 * then the lines of no event. Each line can be moved to an event; a line that arrives too late
 * or too early for its event says so (shared `eventArrival`).
 */
export function EventCart({ lines, events, onAssign }: EventCartProps) {
  const groups = groupCartByEvent(lines, events);
  const choices = [
    { id: NO_EVENT, name: eventMessages.noEvent },
    ...events.map((event) => ({
      id: event.key,
      name: `${event.name} (${formatEtaDate(event.date)})`,
    })),
  ];
  if (groups.length === 0) return <p className="event-cart__empty">Your cart is empty.</p>;
  return (
    <div className="event-cart">
      {groups.map((group) => {
        const title = group.event ? group.event.name : eventMessages.noEvent;
        return (
          <section
            key={group.event?.key ?? NO_EVENT}
            className="event-cart__group"
            aria-label={`Cart for ${title}`}
            data-testid={`event-cart-${group.event?.key ?? NO_EVENT}`}
          >
            <h3>
              {title}
              {group.event && (
                <span className="event-cart__date"> ·&nbsp;{formatEtaDate(group.event.date)}</span>
              )}
            </h3>
            <ul className="event-cart__lines">
              {group.lines.map((line) => {
                const arrival = group.event
                  ? eventArrival(line.eta_date, group.event.date)
                  : 'in_time';
                return (
                  <li key={line.key} className="event-cart__line">
                    <div className="event-cart__line-text" id={`event-cart-line-${line.key}`}>
                      <strong>{nameWithLength(line.variety_name, line.length)}</strong> ·&nbsp;
                      {dotSeparated([
                        line.grower_name,
                        `${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`,
                        `arrives ${formatEtaDate(line.eta_date)}`,
                      ])}
                      {arrival !== 'in_time' && group.event && (
                        <p className="event-cart__warning" role="note">
                          {arrival === 'too_late'
                            ? eventMessages.arrivesTooLate(group.event.name)
                            : eventMessages.arrivesTooEarly(group.event.name)}
                        </p>
                      )}
                    </div>
                    <Select
                      label="Event"
                      // Every line's picker is labelled 'Event': the line it moves tells them apart.
                      aria-describedby={`event-cart-line-${line.key}`}
                      items={choices}
                      selectedKey={group.event?.key ?? NO_EVENT}
                      onSelectionChange={(key) => {
                        if (typeof key !== 'string') return;
                        onAssign(line.key, key === NO_EVENT ? null : key);
                      }}
                      className="event-cart__select"
                    >
                      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
                    </Select>
                  </li>
                );
              })}
            </ul>
            <p className="event-cart__subtotal" data-testid="event-subtotal">
              {group.event ? eventMessages.eventSubtotal(group.event.name) : 'Subtotal'}:{' '}
              <strong>{formatCents(group.subtotal_cents)}</strong>
            </p>
          </section>
        );
      })}
    </div>
  );
}
