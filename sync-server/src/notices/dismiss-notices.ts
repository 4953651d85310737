import type { DismissNoticesArgs } from '@stemline/shared';
import type { AppContext } from '../app-context';

/**
 * Removes notices the buyer has read, on every device of the account (tombstones travel by
 * pull). Keys that are not the caller's notices are ignored. Call inside a transaction.
 */
export function createDismissNotices(app: AppContext) {
  const { notices } = app.repos;
  return async function dismissNotices(
    customerKey: string,
    args: DismissNoticesArgs,
  ): Promise<number> {
    let removed = 0;
    for (const key of args.keys) {
      const seq = await app.changes.next();
      if (await notices.dismiss(customerKey, key, seq)) removed += 1;
    }
    return removed;
  };
}
