import { useAccountLive } from '../../session/account-live-context';
import type { AccountDb } from '../../storage/account-db';
import type { NoticeDoc } from '../../storage/account-schemas';
import { useObservable } from '../../storage/use-observable';

const NONE: NoticeDoc[] = [];

/**
 * The server's notices to this buyer, newest first, without the ones this device dismissed: a
 * dismissal hides its notices while it waits to be sent and once the server applied it, until
 * the pull that removes them. Only a rejected one shows them again. The live query
 * (notices-source.ts) comes with the account (`useAccountLive`).
 */
export function useNotices(db: AccountDb | null): NoticeDoc[] {
  const live = useAccountLive();
  return useObservable(() => (db && live ? live.notices(db) : undefined), NONE, [db, live]);
}
