import type { CalendarDate } from '@internationalized/date';
import {
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  type CalendarProps as AriaCalendarProps,
  type DateValue,
} from 'react-aria-components';
import './calendar.css';
import { withBaseClass } from './class-names';
import { IconButton } from './icon-button';
import { ChevronDownIcon } from './icons';

/** Marks a day can carry; each becomes a `data-<name>` attribute on its cell for styling. */
export type CalendarDayMarks = Partial<Record<'booked' | 'in-week' | 'arrivals', boolean>>;

export interface CalendarProps<T extends DateValue> extends Omit<
  AriaCalendarProps<T>,
  'children' | 'visibleDuration'
> {
  /** The marks of each visible day (booked days, the chosen week…); say them in text nearby too. */
  dayMarks?: ((date: CalendarDate) => CalendarDayMarks | undefined) | undefined;
  previousLabel?: string | undefined;
  nextLabel?: string | undefined;
}

/**
 * A one-month calendar grid: month heading with previous/next buttons, short weekday names,
 * 44px day cells. react-aria gives it arrow-key navigation, labelled days ("Monday, November 30,
 * 2026") and `aria-disabled` on days that cannot be chosen (before `minValue`, or
 * `isDateUnavailable`).
 */
export function Calendar<T extends DateValue>({
  dayMarks,
  previousLabel = 'Previous month',
  nextLabel = 'Next month',
  className,
  ...props
}: CalendarProps<T>) {
  return (
    <AriaCalendar {...props} className={withBaseClass('sl-calendar', className)}>
      {/* A div, not <header>: that would be a banner landmark wherever the calendar is placed. */}
      <div className="sl-calendar__header">
        <IconButton
          slot="previous"
          aria-label={previousLabel}
          icon={<ChevronDownIcon className="sl-calendar__previous-icon" />}
        />
        <Heading className="sl-calendar__heading" />
        <IconButton
          slot="next"
          aria-label={nextLabel}
          icon={<ChevronDownIcon className="sl-calendar__next-icon" />}
        />
      </div>
      <CalendarGrid className="sl-calendar__grid" weekdayStyle="short">
        <CalendarGridHeader>
          {(day) => <CalendarHeaderCell className="sl-calendar__weekday">{day}</CalendarHeaderCell>}
        </CalendarGridHeader>
        <CalendarGridBody>
          {(date) => (
            <CalendarCell
              date={date}
              className="sl-calendar__day"
              {...markAttributes(dayMarks?.(date))}
            />
          )}
        </CalendarGridBody>
      </CalendarGrid>
    </AriaCalendar>
  );
}

function markAttributes(marks: CalendarDayMarks | undefined): Record<string, true> {
  const attributes: Record<string, true> = {};
  for (const [name, on] of Object.entries(marks ?? {})) if (on) attributes[`data-${name}`] = true;
  return attributes;
}
