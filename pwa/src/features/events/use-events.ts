import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { overlayEvents, type BuyerEvent, type VisibleEvent } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

export interface EventsView {
  events: VisibleEvent[];
  /** False until the local database has answered. */
  loaded: boolean;
}

const EVENT_MUTATIONS = ['save_event', 'delete_event'];
const EMPTY: EventsView = { events: [], loaded: false };

/** The buyer's events on screen: pulled documents plus queued changes, live across tabs. */
export function useEvents(db: AccountDb | null): EventsView {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.events.find().$,
            db.mutations.find({ selector: { name: { $in: EVENT_MUTATIONS } } }).$,
            db.sync_state.findOne('events').$,
          ]).pipe(
            map(([events, mutations, state]) => ({
              events: events.map(
                ({
                  key,
                  name,
                  date,
                  venue_address,
                  notes,
                  created_at,
                  updated_at,
                }): BuyerEvent => ({
                  key,
                  name,
                  date,
                  venue_address,
                  notes,
                  created_at,
                  updated_at,
                }),
              ),
              mutations: mutations.map((doc) => doc.toMutableJSON()),
              checkpoint: state?.checkpoint ?? 0,
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo(
    (): EventsView =>
      raw
        ? { events: overlayEvents(raw.events, raw.mutations, raw.checkpoint), loaded: true }
        : EMPTY,
    [raw],
  );
}
