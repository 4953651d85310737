import { combineLatest, map, type Observable } from 'rxjs';
import { overlayCustomBoxes, type CustomBox, type VisibleCustomBox } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc } from '../../storage/account-schemas';

/**
 * The live query behind `useCustomBoxes`: the pulled boxes with the queued changes over them.
 * Loaded with the account, never for a visitor.
 */
export function customBoxesSource(db: AccountDb): Observable<VisibleCustomBox[]> {
  return combineLatest([
    db.custom_boxes.find().$,
    db.mutations.find({ sort: [{ createdAt: 'asc' }] }).$,
    db.sync_state.findOne('custom_boxes').$,
  ]).pipe(
    map(([boxes, mutations, state]) =>
      overlayCustomBoxes(
        boxes.map((doc): CustomBox => doc.toMutableJSON()),
        mutations.map((doc): MutationDoc => doc.toMutableJSON()),
        state?.checkpoint ?? 0,
      ),
    ),
  );
}
