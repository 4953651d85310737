import { useMemo, useState } from 'react';
import {
  eventMessages,
  formatEtaDate,
  marketToday,
  parseEtaDate,
  toEtaDate,
  type DeliveryDay,
  type EtaDate,
  type VisibleEvent,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { Button, ChevronLeftIcon, ChevronRightIcon, dotSeparated, ModalDialog } from '../../ui';

export interface EventCalendarModalProps {
  events: readonly VisibleEvent[];
  /** Days flowers arrive: cart lines and orders not cancelled. */
  deliveries: readonly EtaDate[];
  onEdit: (event: VisibleEvent) => void;
  onClose: () => void;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * The event calendar modal (spec §2): a month at a time, weeks from Monday, each day with the
 * buyer's events (press one to edit it) and whether flowers arrive that day.
 */
export function EventCalendarModal({
  events,
  deliveries,
  onEdit,
  onClose,
}: EventCalendarModalProps) {
  // The month of the next event, else this month; held as its first day.
  const [month, setMonth] = useState<DeliveryDay>(() => {
    const today = marketToday(serverClock.now());
    const next = events.find((event) => event.date >= toEtaDate(today));
    const start = (next && parseEtaDate(next.date)) ?? today;
    return start.with({ day: 1 });
  });
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const title = month.toLocaleString('en-US', { month: 'long', year: 'numeric' });
  // A day's cell holds a few letters of a name on a phone: the month's events in full below.
  const monthEvents = events
    .filter((event) => {
      const day = parseEtaDate(event.date);
      return day?.year === month.year && day.month === month.month;
    })
    .toSorted((a, b) => a.date - b.date);

  return (
    <ModalDialog
      isOpen
      size="lg"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={eventMessages.eventCalendarTitle}
      subtitle="Your events and the days your flowers arrive."
    >
      <div className="event-calendar">
        <div className="event-calendar__nav">
          {/* The words are read out everywhere and shown from 480 px: a phone keeps one row. */}
          <Button
            variant="secondary"
            size="sm"
            onPress={() => setMonth(month.subtract({ months: 1 }))}
          >
            <ChevronLeftIcon />
            <span className="sl-visually-hidden-phone">Previous month</span>
          </Button>
          <h3 className="event-calendar__month" aria-live="polite">
            {title}
          </h3>
          <Button variant="secondary" size="sm" onPress={() => setMonth(month.add({ months: 1 }))}>
            <span className="sl-visually-hidden-phone">Next month</span>
            <ChevronRightIcon />
          </Button>
        </div>
        <table className="event-calendar__grid" aria-label={title}>
          <thead>
            <tr>
              {WEEKDAYS.map((day) => (
                <th key={day} scope="col">
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.toString()}>
                {week.map((day) => {
                  const eta = toEtaDate(day);
                  const dayEvents = events.filter((event) => event.date === eta);
                  const delivery = deliveries.includes(eta);
                  const inMonth = day.month === month.month;
                  return (
                    <td
                      key={eta}
                      data-outside={!inMonth || undefined}
                      data-delivery={delivery || undefined}
                      data-testid={`event-day-${eta}`}
                    >
                      <span className="event-calendar__day">{day.day}</span>
                      {delivery && <span className="event-calendar__delivery">Delivery</span>}
                      {dayEvents.map((event) => (
                        <Button
                          key={event.key}
                          variant="quiet"
                          size="sm"
                          className="event-calendar__event"
                          onPress={() => onEdit(event)}
                        >
                          <span className="event-calendar__event-name">{event.name}</span>
                        </Button>
                      ))}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {monthEvents.length > 0 && (
          <ul className="event-calendar__list" aria-label={`Events in ${title}`}>
            {monthEvents.map((event) => (
              <li key={event.key}>{dotSeparated([formatEtaDate(event.date), event.name])}</li>
            ))}
          </ul>
        )}
      </div>
    </ModalDialog>
  );
}

/** The weeks (Monday to Sunday) that show the month, days of the months around it included. */
function monthWeeks(first: DeliveryDay): DeliveryDay[][] {
  let day = first.subtract({ days: first.dayOfWeek - 1 });
  const weeks: DeliveryDay[][] = [];
  while (weeks.length === 0 || day.month === first.month) {
    weeks.push(Array.from({ length: 7 }, (_, i) => day.add({ days: i })));
    day = day.add({ days: 7 });
  }
  return weeks;
}
