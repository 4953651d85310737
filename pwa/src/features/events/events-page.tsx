import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { eventMessages, formatEtaDate, type VisibleEvent } from '@stemline/shared';
import { useAccountDb } from '../../session/account-context';
import { Button, dotSeparated, EmptyState, ModalDialog } from '../../ui';
import { ConfirmButtons } from '../../ui/confirm-buttons';
import { useCart } from '../cart/use-cart';
import { useBookedDays } from '../delivery/use-booked-days';
import { useDeliverySchedule } from '../delivery/availability';
import { enqueueOrTell } from '../shell/enqueue-or-tell';
import { RefusedChanges } from '../shell/refused-changes';
import { EventCalendarModal } from './event-calendar-modal';
import { EventCart } from './event-cart';
import { EventFormModal, type EventFields } from './event-form-modal';
import { tellWhenAnswered } from '../shell/outbox-answer';
import { useEvents } from './use-events';
import './events.css';

/** Under a change kept on this device while Stemline cannot be reached. */
const SENT_ONLINE = 'It will be sent to Stemline when you are back online.';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; event: VisibleEvent | null }
  | { kind: 'calendar' }
  | { kind: 'delete'; event: VisibleEvent };

/**
 * The buyer's events (`/shopping/home/account/events`): add, edit and remove events, the event
 * calendar, and the cart viewed per event with each event's subtotal. Every change is a queued
 * mutation, so the page works offline.
 */
export function EventsPage() {
  const db = useAccountDb();
  const { events, loaded } = useEvents(db);
  const cart = useCart(db);
  const deliveries = useBookedDays(db);
  const schedule = useDeliverySchedule();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const list = useRef<HTMLUListElement>(null);

  const save = async (key: string, fields: EventFields): Promise<void> => {
    if (!db) return;
    // Not stored on this device (the buyer is told): the dialog stays open with what was typed.
    const id = await enqueueOrTell(db, 'save_event', { key, ...fields });
    if (id === null) return;
    setDialog({ kind: 'none' });
    tellWhenAnswered(db, id, {
      accepted: { title: eventMessages.eventSaved, variant: 'success' },
      waiting: { title: 'Event saved on this device', description: SENT_ONLINE, variant: 'info' },
    });
  };
  // Asked first (the dialog below). Then focus goes to the next event's Edit, else the previous
  // one's, else the page's heading: the pressed button goes with its event, and focus would
  // fall to the page's body. The confirmation leaves first, so that it does not take focus back.
  const remove = async (event: VisibleEvent): Promise<void> => {
    if (!db) return;
    flushSync(() => setDialog({ kind: 'none' }));
    const item = list.current?.querySelector(`li[data-event="${CSS.escape(event.key)}"]`);
    const target = [item?.nextElementSibling, item?.previousElementSibling]
      .map((other) => other?.querySelector('[data-edit]'))
      .find((candidate) => candidate instanceof HTMLElement);
    (target instanceof HTMLElement ? target : document.getElementById('events-title'))?.focus();
    const id = await enqueueOrTell(db, 'delete_event', { key: event.key });
    if (id === null) return;
    tellWhenAnswered(db, id, {
      accepted: { title: eventMessages.eventDeleted, variant: 'success' },
      waiting: { title: 'Event removed on this device', description: SENT_ONLINE, variant: 'info' },
    });
  };
  const assign = (lineKey: string, eventKey: string | null): void => {
    if (db)
      void enqueueOrTell(db, 'assign_cart_line_event', { line_key: lineKey, event_key: eventKey });
  };

  if (!db) {
    return (
      <section className="events">
        <h1>Your events</h1>
        <EmptyState title="Log in to plan your events">
          Events are kept with your account.
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="events" aria-labelledby="events-title">
      <header className="events__header">
        <h1 id="events-title" tabIndex={-1}>
          Your events
        </h1>
        <div className="events__actions">
          <Button onPress={() => setDialog({ kind: 'form', event: null })}>Add event</Button>
          <Button variant="secondary" onPress={() => setDialog({ kind: 'calendar' })}>
            {eventMessages.eventCalendarTitle}
          </Button>
        </div>
      </header>
      <RefusedChanges db={db} about="events" />
      {loaded && events.length === 0 ? (
        <p className="events__empty">No events yet. Add one to plan its flowers and delivery.</p>
      ) : (
        <ul className="events__list" ref={list}>
          {events.map((event) => (
            <li
              key={event.key}
              className="events__item"
              data-event={event.key}
              data-pending={event.pending || undefined}
            >
              <div className="events__summary">
                <strong>{event.name}</strong> ·&nbsp;
                {dotSeparated([formatEtaDate(event.date), event.venue_address])}
                {event.pending && <span className="events__pending"> ·&nbsp;Waiting to sync</span>}
                {event.notes && <p className="events__notes">{event.notes}</p>}
              </div>
              <div className="events__item-actions">
                <Button
                  variant="secondary"
                  size="sm"
                  // The visible word begins the name (WCAG 2.5.3); the event's name tells
                  // one event's buttons from another's.
                  aria-label={`Edit ${event.name}`}
                  data-edit
                  onPress={() => setDialog({ kind: 'form', event })}
                >
                  Edit
                </Button>
                <Button
                  variant="quiet"
                  size="sm"
                  aria-label={`Delete ${event.name}`}
                  onPress={() => setDialog({ kind: 'delete', event })}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2>Cart by event</h2>
      <EventCart lines={cart.lines} events={events} onAssign={assign} />

      {dialog.kind === 'form' && (
        <EventFormModal
          event={dialog.event}
          schedule={schedule}
          onSave={(fields) => save(dialog.event?.key ?? `ev-${crypto.randomUUID()}`, fields)}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
      {dialog.kind === 'delete' && (
        <ModalDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setDialog({ kind: 'none' });
          }}
          title={eventMessages.deleteEventTitle(dialog.event.name)}
          role="alertdialog"
          size="sm"
          footer={
            <ConfirmButtons
              keep={eventMessages.keepEvent}
              onKeep={() => setDialog({ kind: 'none' })}
              act={eventMessages.deleteEvent}
              onAct={() => void remove(dialog.event)}
            />
          }
        >
          <p>{eventMessages.deleteEventBody}</p>
        </ModalDialog>
      )}
      {dialog.kind === 'calendar' && (
        <EventCalendarModal
          events={events}
          deliveries={deliveries}
          onEdit={(event) => setDialog({ kind: 'form', event })}
          onClose={() => setDialog({ kind: 'none' })}
        />
      )}
    </section>
  );
}
