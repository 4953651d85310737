import type { Notice } from '../schemas/sync';
import type { DismissNoticesArgs } from '../schemas/notices';

/** The notices while the overlay applies queued dismissals to them, by key, in pulled order. */
export type NoticesOverlay<N extends Pick<Notice, 'key'>> = Map<string, N>;

/** The overlay's starting point: the pulled notices, in the order given. */
export function noticesOverlay<N extends Pick<Notice, 'key'>>(
  notices: readonly N[],
): NoticesOverlay<N> {
  return new Map(notices.map((notice) => [notice.key, notice]));
}

/** A dismissal hides its notices until the pull that removes them. */
export function applyDismissNotices(
  notices: NoticesOverlay<Pick<Notice, 'key'>>,
  args: DismissNoticesArgs,
): void {
  for (const key of args.keys) notices.delete(key);
}
