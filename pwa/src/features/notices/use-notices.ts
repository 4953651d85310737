import { useMemo } from 'react';
import { combineLatest, map } from 'rxjs';
import { dismissNoticesArgsSchema } from '@stemline/shared';
import type { AccountDb } from '../../storage/account-db';
import type { MutationDoc, NoticeDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

/**
 * The notices to show: the server's, without the ones this device dismissed. A dismissal hides its
 * notices while it waits to be sent and once the server applied it, until the pull that removes
 * them (the outbox keeps an applied mutation until then): only a rejected one shows them again.
 */
export function visibleNotices(
  notices: readonly NoticeDoc[],
  dismissals: readonly Pick<MutationDoc, 'args' | 'status'>[],
): NoticeDoc[] {
  const dismissed = new Set(
    dismissals
      .filter((doc) => doc.status !== 'rejected')
      .flatMap((doc) => dismissNoticesArgsSchema.safeParse(doc.args).data?.keys ?? []),
  );
  return notices.filter((notice) => !dismissed.has(notice.key));
}

/** The server's notices to this buyer, newest first, without the ones dismissed on this device. */
export function useNotices(db: AccountDb | null): NoticeDoc[] {
  const raw = useObservable(
    () =>
      db
        ? combineLatest([
            db.notices.find({ sort: [{ created_at: 'desc' }] }).$,
            db.mutations.find({ selector: { name: 'dismiss_notices' } }).$,
          ]).pipe(
            map(([notices, dismissals]) => ({
              notices: notices.map((doc): NoticeDoc => doc.toMutableJSON()),
              dismissals: dismissals.map((doc) => doc.toMutableJSON()),
            })),
          )
        : undefined,
    null,
    [db],
  );
  return useMemo(() => (raw ? visibleNotices(raw.notices, raw.dismissals) : []), [raw]);
}
