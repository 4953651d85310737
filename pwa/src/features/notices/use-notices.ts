import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { overlayNotices } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

/**
 * The server's notices to this buyer, newest first, without the ones this device dismissed: a
 * dismissal hides its notices while it waits to be sent and once the server applied it, until
 * the pull that removes them. Only a rejected one shows them again.
 */
export function useNotices(db: AccountDb | null): NoticeDoc[] {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.notices.find({ sort: [{ created_at: 'desc' }] }).$,
            db.mutations.find({ selector: { name: 'dismiss_notices' } }).$,
            db.sync_state.findOne('notices').$,
          ]).pipe(
            map(([notices, dismissals, state]) => ({
              notices: notices.map((doc): NoticeDoc => doc.toMutableJSON()),
              dismissals: dismissals.map((doc) => doc.toMutableJSON()),
              checkpoint: state?.checkpoint ?? 0,
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo(
    () => (raw ? overlayNotices(raw.notices, raw.dismissals, raw.checkpoint) : []),
    [raw],
  );
}
