import { useEffect, useMemo, useState } from 'react';
import {
  availabilityAnswerSchema,
  deliveryScheduleAnswerSchema,
  parseEtaDate,
  type AvailabilityItem,
  type DeliverySchedule,
  type EtaDate,
} from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { useSession } from '../../session/use-session';
import { readCachedMonth, writeCachedMonth } from '../../storage/availability-cache';
import { selectedAddressOf } from './selected-address';

/** A calendar month at the market. */
export interface MarketMonth {
  year: number;
  month: number;
}

const FRESH_MS = 5 * 60_000;
const fetchedAt = new Map<string, number>();
const inFlight = new Map<string, Promise<AvailabilityItem[] | null>>();

const monthId = ({ year, month }: MarketMonth) => `${year}-${month}`;

/** The months the days `from` … `from + days` touch, in order. */
export function monthsSpanning(from: EtaDate, days: number): MarketMonth[] {
  const start = parseEtaDate(from);
  if (!start) return [];
  const end = start.add({ days });
  const months: MarketMonth[] = [];
  for (
    let day = start.with({ day: 1 });
    day.toString() <= end.toString();
    day = day.add({ months: 1 })
  )
    months.push({ year: day.year, month: day.month });
  return months;
}

/**
 * The arrival calendar of a month (`POST /api/availability/delivery_date/{year}/{month}`):
 * from the server when it answers (at most every 5 minutes per month), else the copy this
 * device last stored; null when neither exists.
 */
export function loadAvailabilityMonth(month: MarketMonth): Promise<AvailabilityItem[] | null> {
  const id = monthId(month);
  const cached = readCachedMonth(month.year, month.month);
  if (cached && Date.now() - (fetchedAt.get(id) ?? 0) < FRESH_MS)
    return Promise.resolve(cached.items);
  let request = inFlight.get(id);
  if (!request) {
    request = apiRequest<unknown>(`/api/availability/delivery_date/${month.year}/${month.month}`, {
      method: 'POST',
      body: {},
    })
      .then((answer) => {
        const parsed = answer.success ? availabilityAnswerSchema.safeParse(answer.data) : null;
        if (!parsed?.success) return readCachedMonth(month.year, month.month)?.items ?? null;
        fetchedAt.set(id, Date.now());
        writeCachedMonth(month.year, month.month, parsed.data.items);
        return parsed.data.items;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, request);
  }
  return request;
}

export interface Availability {
  /** The known days of the months asked for (empty while unknown). */
  items: AvailabilityItem[];
  /** True while a month is being asked for. */
  loading: boolean;
}

/** The arrival calendar of `months`, from the device's copy at once and the server's when online. */
export function useAvailability(months: readonly MarketMonth[], enabled = true): Availability {
  const ids = months.map(monthId).join(',');
  const initial = useMemo(
    () =>
      ids === ''
        ? []
        : ids.split(',').flatMap((id) => {
            const [year = 0, month = 0] = id.split('-').map(Number);
            return readCachedMonth(year, month)?.items ?? [];
          }),
    [ids],
  );
  const [answer, setAnswer] = useState<{ ids: string; items: AvailabilityItem[] } | null>(null);

  useEffect(() => {
    if (!enabled || ids === '') return;
    let cancelled = false;
    const wanted = ids.split(',').map((id) => {
      const [year = 0, month = 0] = id.split('-').map(Number);
      return { year, month };
    });
    void Promise.all(wanted.map(loadAvailabilityMonth)).then((results) => {
      if (!cancelled) setAnswer({ ids, items: results.flatMap((items) => items ?? []) });
    });
    return () => {
      cancelled = true;
    };
  }, [ids, enabled]);

  const settled = answer?.ids === ids;
  return { items: settled ? answer.items : initial, loading: enabled && ids !== '' && !settled };
}

/** Weekdays of the calendar on which nothing arrives (holidays, days without offers). */
export function daysWithoutArrivals(items: readonly AvailabilityItem[]): EtaDate[] {
  return items
    .filter((item) => item.countries.length === 0 && (parseEtaDate(item.date)?.dayOfWeek ?? 7) <= 5)
    .map((item) => item.date);
}

// The days the address the order goes to is delivered on live beside its arrival calendar: the
// calendar, the events page and the automatic date read both, and a module of their own made a
// chunk of its own, one more name in the first screen's import map.
const knownSchedules = new Map<string, DeliverySchedule | null>();

/** The delivery schedule of the order's address, and whether it is still being asked for. */
export interface DeliveryScheduleState {
  schedule: DeliverySchedule | null;
  /** True while the first answer for this address is awaited (not offline, nor for visitors). */
  loading: boolean;
}

/**
 * The delivery schedule of the address the order goes to (run `delivery_schedule`): which
 * weekdays deliver there. Null for visitors, while loading, and offline with nothing asked
 * before on this page: then no day is blocked by it, and the server still checks at checkout.
 */
export function useDeliverySchedule(): DeliverySchedule | null {
  return useDeliveryScheduleState().schedule;
}

/**
 * The delivery schedule of an address (run `delivery_schedule` with its zip and state): null when
 * the server has none to give; offline or refused, what was asked before on this page, else
 * undefined (not known). The hook below and the address picker (on a pick) ask through it.
 */
export async function loadDeliverySchedule(
  zipcode: string,
  state: string,
): Promise<DeliverySchedule | null | undefined> {
  const id = `${zipcode}-${state}`;
  const answer = await apiRequest<unknown>('/api/cs/run', {
    method: 'POST',
    body: { key: 'delivery_schedule', params: state === '' ? { zipcode } : { zipcode, state } },
  });
  const parsed = answer.success ? deliveryScheduleAnswerSchema.safeParse(answer.data) : null;
  if (!parsed?.success) return knownSchedules.has(id) ? knownSchedules.get(id) : undefined;
  knownSchedules.set(id, parsed.data.results);
  return parsed.data.results;
}

/** `useDeliverySchedule`, telling also whether the answer is awaited; asked only if `enabled`. */
export function useDeliveryScheduleState(enabled = true): DeliveryScheduleState {
  const user = useSession()?.user;
  const address = user?.metadata.customer ? selectedAddressOf(user) : null;
  const zipcode = address?.zipcode ?? '';
  const state = address?.state ?? '';
  const id = `${zipcode}-${state}`;
  const [answer, setAnswer] = useState<{ id: string; schedule: DeliverySchedule | null } | null>(
    null,
  );

  useEffect(() => {
    if (!enabled || zipcode === '') return;
    let cancelled = false;
    // Offline or refused: what was known before, if anything, and no longer loading.
    void loadDeliverySchedule(zipcode, state).then((schedule) => {
      if (!cancelled) setAnswer({ id, schedule: schedule ?? null });
    });
    return () => {
      cancelled = true;
    };
  }, [enabled, id, zipcode, state]);
  if (!enabled || zipcode === '')
    return { schedule: knownSchedules.get(id) ?? null, loading: false };
  if (answer?.id === id) return { schedule: answer.schedule, loading: false };
  return { schedule: knownSchedules.get(id) ?? null, loading: !knownSchedules.has(id) };
}
