import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { dismissNoticesArgsSchema } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

/** The server's notices to this buyer, newest first, without the ones dismissed on this device. */
export function useNotices(db: AccountDb | null): NoticeDoc[] {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.notices.find({ sort: [{ created_at: 'desc' }] }).$,
            db.mutations.find({ selector: { name: 'dismiss_notices', status: 'pending' } }).$,
          ]).pipe(
            map(([notices, dismissals]) => ({
              notices: notices.map((doc): NoticeDoc => doc.toMutableJSON()),
              dismissed: new Set(
                dismissals.flatMap(
                  (doc) => dismissNoticesArgsSchema.safeParse(doc.args).data?.keys ?? [],
                ),
              ),
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo(
    () => (raw ? raw.notices.filter((notice) => !raw.dismissed.has(notice.key)) : []),
    [raw],
  );
}
