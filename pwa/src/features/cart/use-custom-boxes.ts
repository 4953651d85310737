import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { overlayCustomBoxes, type CustomBox, type VisibleCustomBox } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

/** The buyer's custom boxes: server state plus queued changes, live across tabs. */
export function useCustomBoxes(db: AccountDb | null): VisibleCustomBox[] {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.custom_boxes.find().$,
            db.mutations.find({ sort: [{ createdAt: 'asc' }] }).$,
            db.sync_state.findOne('custom_boxes').$,
          ]).pipe(
            map(([boxes, mutations, state]) => ({
              boxes: boxes.map((doc): CustomBox => doc.toMutableJSON()),
              mutations: mutations.map((doc): MutationDoc => doc.toMutableJSON()),
              checkpoint: state?.checkpoint ?? 0,
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo(
    () => (raw ? overlayCustomBoxes(raw.boxes, raw.mutations, raw.checkpoint) : []),
    [raw],
  );
}
