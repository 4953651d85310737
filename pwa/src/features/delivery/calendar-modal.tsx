import { useMemo, useState } from 'react';
import { I18nProvider, type DateValue } from 'react-aria-components';
import type { CalendarDate } from '@internationalized/date';
import {
  autoDeliveryDate,
  deliveryDayOfWeek,
  daysScheduleSkips,
  deliveryMessages,
  deliveryWeekDays,
  deliveryWeekStart,
  formatEtaDate,
  typedDateHint,
  firstSelectableDeliveryDate,
  isSelectableDeliveryDate,
  isWeekend,
  marketToday,
  messages,
  minDeliveryDate,
  parseEtaDate,
  scheduleDelivers,
  scheduleMessages,
  toEtaDate,
  weekdayName,
  weekdaysSkipped,
  type EtaDate,
} from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import { useAccountDb } from '../../session/account-context';
import {
  Button,
  Calendar,
  DateField,
  ModalDialog,
  SegmentedControl,
  SegmentedControlItem,
  TextField,
} from '../../ui';
import { daysWithoutArrivals, useAvailability, useDeliverySchedule } from './availability';
import { calendarDateToEta, etaToCalendarDate } from './calendar-date';
import { useBookedDays } from './use-booked-days';

export type CalendarMode = 'day' | 'week';

export interface CalendarModalProps {
  isOpen: boolean;
  initialMode: CalendarMode;
  /** The delivery date chosen so far (the URL's), shown selected. */
  chosen: EtaDate | null;
  onChoose: (date: EtaDate) => void;
  onCancel: () => void;
}

/**
 * The calendar modal (spec §2 Date picker): one day, or a whole week ('Pick a delivery week').
 * Weekends, days nothing arrives (holidays included) and days before the first orderable day
 * cannot be chosen; days already booked (cart or orders) are marked; weeks start on Monday; the
 * day can be typed as y-MM-dd. A week is delivered on its first orderable day with arrivals.
 */
export function CalendarModal({
  isOpen,
  initialMode,
  chosen,
  onChoose,
  onCancel,
}: CalendarModalProps) {
  const [mode, setMode] = useState<CalendarMode>(initialMode);
  const [today] = useState(() => marketToday(serverClock.now()));
  const min = useMemo(() => minDeliveryDate(today), [today]);
  const [day, setDay] = useState<EtaDate | null>(chosen);
  const [typed, setTyped] = useState<CalendarDate | null>(
    chosen ? etaToCalendarDate(chosen) : null,
  );
  const [typedError, setTypedError] = useState<string | undefined>();
  const [week, setWeek] = useState<EtaDate | null>(null);
  // It opens on the chosen day's month, else on the month of the first delivery date the
  // catalogue shows prices for (spec §9), which is often a later one than the minimum's (at 360 px
  // the buyer had to page to it). react-aria moves it on to the first day one can choose if later.
  const [focused, setFocused] = useState<CalendarDate>(() =>
    etaToCalendarDate(chosen ?? toEtaDate(autoDeliveryDate(today))),
  );
  // The minimum's month too, whichever month shows: the first day one can choose is read from it.
  const months = useMemo(() => {
    const shown = { year: focused.year, month: focused.month };
    const first = { year: min.year, month: min.month };
    return first.year === shown.year && first.month === shown.month ? [shown] : [first, shown];
  }, [focused.year, focused.month, min]);
  const availability = useAvailability(months, isOpen);
  // Weekdays the address's schedule does not deliver on are disabled like days without arrivals,
  // from the minimum to two months past the month shown (firstSelectableDeliveryDate's reach).
  const schedule = useDeliverySchedule();
  const disabled = useMemo(
    () => [
      ...daysWithoutArrivals(availability.items),
      ...daysScheduleSkips(
        min,
        min.with({ year: focused.year, month: focused.month, day: 1 }).add({ months: 3 }),
        schedule,
      ),
    ],
    [availability.items, min, focused.year, focused.month, schedule],
  );
  const limits = useMemo(() => ({ min, disabled }), [min, disabled]);
  // react-aria names the calendar's minValue 'First available date': the first day one can choose,
  // not the minimum when that is a weekend or a day without arrivals.
  const firstChoosable = useMemo(() => firstSelectableDeliveryDate(limits), [limits]);
  const booked = useBookedDays(useAccountDb());

  const isSelectable = (eta: EtaDate): boolean => {
    const date = parseEtaDate(eta);
    return date !== null && isSelectableDeliveryDate(date, limits);
  };
  const isDateUnavailable = (value: DateValue): boolean => {
    const eta = calendarDateToEta(value);
    const date = parseEtaDate(eta);
    return date === null || isWeekend(date) || disabled.includes(eta);
  };
  const weekDays = useMemo(() => {
    const anchor = week === null ? null : parseEtaDate(week);
    return anchor ? deliveryWeekDays(anchor).map(toEtaDate) : [];
  }, [week]);
  const weekDelivery = useMemo(() => {
    const anchor = week === null ? null : parseEtaDate(week);
    const delivery = anchor && deliveryDayOfWeek(anchor, limits, availability.items);
    return delivery ? toEtaDate(delivery) : null;
  }, [week, limits, availability.items]);

  const pickDay = (value: DateValue): void => {
    const eta = calendarDateToEta(value);
    setTyped(etaToCalendarDate(eta));
    setTypedError(undefined);
    setDay(eta);
  };
  const typeDay = (value: DateValue | null): void => {
    if (value === null) {
      setTyped(null);
      setDay(null);
      setTypedError(undefined);
      return;
    }
    const eta = calendarDateToEta(value);
    setTyped(etaToCalendarDate(eta));
    // A year is typed a digit at a time (2, 20, 202, 2026): only a full one moves the calendar,
    // whose month is what the server is asked for.
    if (value.year >= 1000) setFocused(etaToCalendarDate(eta));
    const ok = isSelectable(eta);
    setDay(ok ? eta : null);
    const typedDate = parseEtaDate(eta);
    setTypedError(
      ok
        ? undefined
        : schedule && typedDate && !isWeekend(typedDate) && !scheduleDelivers(typedDate, schedule)
          ? scheduleMessages.noDeliveryThatDay(weekdayName(typedDate.dayOfWeek), schedule.zipcode)
          : deliveryMessages.dateNotSelectable,
    );
  };
  const pickWeek = (value: DateValue): void => {
    const date = parseEtaDate(calendarDateToEta(value));
    if (date) setWeek(toEtaDate(deliveryWeekStart(date)));
  };

  // In week mode the day the week is delivered on shows selected; its week is marked around it.
  const calendarValue = mode === 'day' ? day : weekDelivery;
  const bookedAhead = booked.filter((eta) => eta >= toEtaDate(min));
  const confirm =
    mode === 'day'
      ? // A day picked before its month's arrivals were known may turn out to have none.
        day !== null &&
        isSelectable(day) && { date: day, label: `Deliver on ${formatEtaDate(day)}` }
      : weekDelivery !== null &&
        week !== null && { date: weekDelivery, label: `Deliver in the week of ${shortDate(week)}` };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Choose your delivery date"
      subtitle="Boxes arrive at your address on the day you choose."
      className="delivery-calendar-modal"
      footer={
        <>
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button
            isDisabled={!confirm}
            onPress={() => {
              if (confirm) onChoose(confirm.date);
            }}
          >
            {confirm ? confirm.label : mode === 'day' ? 'Choose a day' : 'Choose a week'}
          </Button>
        </>
      }
    >
      <div className="delivery-calendar">
        <SegmentedControl
          aria-label="Choose by"
          selectedKeys={[mode]}
          onSelectionChange={(keys) => {
            const [next] = [...keys];
            if (next === 'day' || next === 'week') setMode(next);
          }}
        >
          <SegmentedControlItem id="day">One day</SegmentedControlItem>
          <SegmentedControlItem id="week">A whole week</SegmentedControlItem>
        </SegmentedControl>
        {mode === 'day' ? (
          <I18nProvider locale="en-CA">
            <DateField
              label="Delivery date"
              description={typedDateHint(min)}
              value={typed}
              onChange={typeDay}
              errorMessage={typedError}
            />
          </I18nProvider>
        ) : (
          <TextField
            label="Delivery week"
            isReadOnly
            placeholder={messages.pickDeliveryWeek}
            value={week === null ? '' : weekLabel(weekDays)}
            description={
              week === null
                ? 'Press any day of the week you want.'
                : weekDelivery === null
                  ? 'No day of this week can be chosen.'
                  : `Delivered on ${formatEtaDate(weekDelivery)}, its first day with arrivals.`
            }
          />
        )}
        <Calendar<CalendarDate>
          aria-label={mode === 'day' ? 'Delivery date' : 'Delivery week'}
          firstDayOfWeek="mon"
          minValue={etaToCalendarDate(toEtaDate(firstChoosable))}
          isDateUnavailable={isDateUnavailable}
          value={calendarValue === null ? null : etaToCalendarDate(calendarValue)}
          onChange={mode === 'day' ? pickDay : pickWeek}
          focusedValue={focused}
          onFocusChange={setFocused}
          dayMarks={(date) => {
            const eta = calendarDateToEta(date);
            return {
              booked: bookedAhead.includes(eta),
              'in-week': mode === 'week' && weekDays.includes(eta),
            };
          }}
        />
        <div className="delivery-calendar__legend">
          <p>
            Weekends, holidays and days before {formatEtaDate(toEtaDate(min))} cannot be chosen.
            {availability.loading && ' Checking which days have arrivals…'}
          </p>
          {schedule &&
            weekdaysSkipped(schedule).map((weekday) => (
              <p key={weekday} data-testid="schedule-skipped-day">
                {scheduleMessages.noDeliveryThatDay(weekdayName(weekday), schedule.zipcode)}
              </p>
            ))}
          <p data-testid="booked-days">
            <span className="delivery-calendar__booked-swatch" aria-hidden="true" />
            {bookedAhead.length === 0
              ? 'No booked days yet.'
              : `Booked (cart or orders): ${bookedAhead.map(formatEtaDate).join('; ')}.`}
          </p>
        </div>
      </div>
    </ModalDialog>
  );
}

function shortDate(eta: EtaDate): string {
  return (
    parseEtaDate(eta)?.toLocaleString('en-US', { month: 'short', day: 'numeric' }) ?? String(eta)
  );
}

/** "Nov 30 – Dec 4, 2026": Monday to Friday of the week. */
function weekLabel(days: readonly EtaDate[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return '';
  return `${shortDate(first)} – ${shortDate(last)}, ${Math.floor(last / 10_000)}`;
}
