import { useState, type FormEvent } from 'react';
import { I18nProvider, type DateValue } from 'react-aria-components';
import type { CalendarDate } from '@internationalized/date';
import {
  EVENT_NAME_MAX,
  EVENT_NOTES_MAX,
  EVENT_VENUE_MAX,
  eventMessages,
  formatEtaDate,
  marketToday,
  messages,
  parseEtaDate,
  typedDateHint,
  type BuyerEvent,
  type DeliverySchedule,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { Button, DateField, LinkButton, ModalDialog, TextField } from '../../ui';
import { useFocusInvalid } from '../../ui/focus-invalid';
import { calendarDateToEta, etaToCalendarDate } from '../delivery/calendar-date';
import { useSuggestedDelivery } from './use-event-calendar';

export interface EventFields {
  name: string;
  date: EtaDate;
  venue_address: string;
  notes: string;
}

export interface EventFormModalProps {
  /** The event being edited; none to add one. */
  event: BuyerEvent | null;
  schedule: DeliverySchedule | null;
  /** Queues the save; a throw means this device could not store it. */
  onSave: (fields: EventFields) => Promise<void>;
  onClose: () => void;
}

/**
 * The add/edit event modal (spec §2): name, date, venue address and notes. Once the date is
 * given it shows the delivery day suggested for it (shared `suggestEventDeliveryDate`), with a
 * link to the catalogue of that day. Saving queues `save_event`, so it works offline.
 */
export function EventFormModal({ event, schedule, onSave, onClose }: EventFormModalProps) {
  const [name, setName] = useState(event?.name ?? '');
  const [date, setDate] = useState<CalendarDate | null>(
    event ? etaToCalendarDate(event.date) : null,
  );
  const [venue, setVenue] = useState(event?.venue_address ?? '');
  const [notes, setNotes] = useState(event?.notes ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const focusInvalid = useFocusInvalid();
  const eta = date && date.year >= 1000 ? calendarDateToEta(date) : null;
  const validDate = eta !== null && parseEtaDate(eta) !== null ? eta : null;
  const suggested = useSuggestedDelivery(validDate, schedule);
  const errors = {
    name: name.trim() === '' ? messages.fieldRequired : undefined,
    date: validDate === null ? messages.fieldRequired : undefined,
  };

  const submit = async (form: FormEvent): Promise<void> => {
    form.preventDefault();
    setSubmitted(true);
    if (errors.name || validDate === null) return focusInvalid(form.currentTarget);
    try {
      await onSave({
        name: name.trim(),
        date: validDate,
        venue_address: venue.trim(),
        notes: notes.trim(),
      });
    } catch {
      setFailed(true);
    }
  };

  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={event ? eventMessages.editEventTitle : eventMessages.addEventTitle}
      subtitle="Weddings, parties, installations: flowers for it are planned from its date."
    >
      <form className="event-form" noValidate onSubmit={(form) => void submit(form)}>
        <TextField
          label="Event name"
          isRequired
          validationBehavior="aria"
          maxLength={EVENT_NAME_MAX}
          value={name}
          onChange={setName}
          errorMessage={submitted ? errors.name : undefined}
        />
        <I18nProvider locale="en-CA">
          <DateField<CalendarDate>
            label="Event date"
            isRequired
            validationBehavior="aria"
            description={typedDateHint(marketToday(serverClock.now()))}
            value={date}
            onChange={(value: DateValue | null) =>
              setDate(value ? etaToCalendarDate(calendarDateToEta(value)) : null)
            }
            errorMessage={submitted ? errors.date : undefined}
          />
        </I18nProvider>
        <p className="event-form__suggestion" role="status" data-testid="suggested-delivery">
          {validDate === null
            ? 'Give the date to see the delivery day we suggest.'
            : suggested === null
              ? eventMessages.noSuggestedDelivery
              : eventMessages.suggestedDelivery(formatEtaDate(suggested))}
        </p>
        {suggested !== null && (
          <LinkButton variant="secondary" href={`/shopping/home?date=${suggested}`}>
            Shop for {formatEtaDate(suggested)}
          </LinkButton>
        )}
        <TextField
          label="Venue address"
          maxLength={EVENT_VENUE_MAX}
          value={venue}
          onChange={setVenue}
        />
        <TextField label="Notes" maxLength={EVENT_NOTES_MAX} value={notes} onChange={setNotes} />
        {failed && (
          <p className="event-form__failure" role="alert">
            This device could not store the event. Free some space and try again.
          </p>
        )}
        <div className="event-form__actions">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit">{eventMessages.saveEvent}</Button>
        </div>
      </form>
    </ModalDialog>
  );
}
