import type { VisibleCustomBox } from '@stemline/shared';
import { useAccountLive } from '../../session/account-live-context';
import type { AccountDb } from '../../storage/account-db';
import { useObservable } from '../../storage/use-observable';

const NONE: VisibleCustomBox[] = [];

/**
 * The buyer's custom boxes: server state plus queued changes, live across tabs. The live query
 * (custom-boxes-source.ts) comes with the account (`useAccountLive`).
 */
export function useCustomBoxes(db: AccountDb | null): VisibleCustomBox[] {
  const live = useAccountLive();
  return useObservable(() => (db && live ? live.customBoxes(db) : undefined), NONE, [db, live]);
}
