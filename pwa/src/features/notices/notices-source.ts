import { combineLatest, map, type Observable } from 'rxjs';
import { overlayNotices } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';

/**
 * The live query behind `useNotices`: the pulled notices, newest first, without the ones this
 * device dismissed. Loaded with the account, never for a visitor.
 */
export function noticesSource(db: AccountDb): Observable<NoticeDoc[]> {
  return combineLatest([
    db.notices.find({ sort: [{ created_at: 'desc' }] }).$,
    db.mutations.find({ selector: { name: 'dismiss_notices' } }).$,
    db.sync_state.findOne('notices').$,
  ]).pipe(
    map(([notices, dismissals, state]) =>
      overlayNotices(
        notices.map((doc): NoticeDoc => doc.toMutableJSON()),
        dismissals.map((doc) => doc.toMutableJSON()),
        state?.checkpoint ?? 0,
      ),
    ),
  );
}
