import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { autoDeliveryDate, marketToday, preferencesSchema, toEtaDate } from '@stemline/shared';
import { serverClock } from '../../api/server-clock';
import type { AccountDb } from '../../storage/account-db';
import { useAccountDb } from '../../session/account-context';
import { useSession } from '../../session/use-session';
import {
  daysWithoutArrivals,
  monthsSpanning,
  useAvailability,
  useDeliveryScheduleState,
} from './availability';
import { CATALOG_PATHS } from './catalog-paths';
import { patchSessionUser } from './session-user';
import { useDeliveryDate } from './use-delivery-date';

/** How far past the rule's day to look for the first day with arrivals. */
const ARRIVAL_SEARCH_DAYS = 28;
/**
 * Offline or slow: after this long the day is pinned without the arrival calendar (or the
 * address's delivery schedule) still awaited.
 */
const AVAILABILITY_WAIT_MS = 3_000;

/**
 * Pins the automatic delivery date (spec §9, `autoDeliveryDate`) into the catalogue's URL for
 * guests and customers with at most one order who have no date yet, on a weekday the address
 * the order goes to is delivered (a Florida buyer gets a Tuesday or a Thursday, which the
 * calendar offers and an add takes), then records
 * `isDayDeliveryAutoSelected` in their preferences through the queued `update_preferences` call.
 * Others choose their date in the calendar.
 */
export function AutomaticDeliveryDate() {
  const { chosen, automatic } = useDeliveryDate();
  const [, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const db = useAccountDb();
  const session = useSession();
  const [today] = useState(() => marketToday(serverClock.now()));
  const rule = useMemo(() => toEtaDate(autoDeliveryDate(today)), [today]);
  const wanted = automatic && chosen === null && CATALOG_PATHS.includes(pathname);
  const months = useMemo(() => monthsSpanning(rule, ARRIVAL_SEARCH_DAYS), [rule]);
  const availability = useAvailability(months, wanted);
  const schedule = useDeliveryScheduleState(wanted);
  const [waited, setWaited] = useState(false);
  const marked = useRef(false);

  useEffect(() => {
    if (!wanted) return;
    const timer = window.setTimeout(() => setWaited(true), AVAILABILITY_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [wanted]);

  const { items } = availability;
  const loading = availability.loading || schedule.loading;
  const weekdays = schedule.schedule?.weekdays;
  useEffect(() => {
    if (!wanted || (loading && !waited)) return;
    // The buyer may have moved on while the arrival calendar loaded (a tap on Account, or on
    // Products, right after logging in): the router has moved the URL before this render caught
    // up (a navigation renders in a transition), and pinning the date against this render's
    // location would take them back to where they were. The render of the new location pins it.
    if (window.location.pathname !== pathname || window.location.search !== search) return;
    const delivered = weekdays ? { weekdays } : null;
    const date = toEtaDate(autoDeliveryDate(today, items, daysWithoutArrivals(items), delivered));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('date', String(date));
        return next;
      },
      { replace: true },
    );
    if (db && session && !marked.current) {
      marked.current = true;
      markAutoSelected(db, session.user.metadata.preferences).catch(() => {
        marked.current = false;
      });
    }
  }, [wanted, pathname, search, items, weekdays, loading, waited, today, setParams, db, session]);

  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** Records `isDayDeliveryAutoSelected` once: on this device now, on the server when it syncs. */
async function markAutoSelected(db: AccountDb, preferencesText: string): Promise<void> {
  const stored = preferencesSchema.safeParse(safeJson(preferencesText));
  const preferences = stored.success ? stored.data : {};
  if (preferences.isDayDeliveryAutoSelected === true) return;
  // The outbox comes with the account (already loaded once there is a database).
  const { enqueueMutation } = await import('../../sync/outbox');
  await enqueueMutation(db, 'update_preferences', {
    preferences: { isDayDeliveryAutoSelected: true },
  });
  patchSessionUser((user) => ({
    ...user,
    metadata: {
      ...user.metadata,
      preferences: JSON.stringify({ ...preferences, isDayDeliveryAutoSelected: true }),
    },
  }));
}
