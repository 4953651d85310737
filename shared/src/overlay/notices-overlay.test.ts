import { describe, expect, it } from 'vitest';
import type { Notice } from '../schemas/sync';
import type { OverlayEntry } from './queued-mutation';
import { overlayNotices } from './visible-collections';

type NoticeDoc = Notice & { seq: number };

/** The pulled `notices` checkpoint: below every dismissal's `appliedSeq`, as before the pull. */
const CHECKPOINT = 1;
const visibleNotices = (shown: readonly NoticeDoc[], dismissals: readonly OverlayEntry[]) =>
  overlayNotices(shown, dismissals, CHECKPOINT);

const notice = (key: string): NoticeDoc => ({
  key,
  kind: 'price_changed',
  message: `Price of ${key} changed`,
  created_at: 1,
  seq: 1,
});
const notices = [notice('n1'), notice('n2'), notice('n3')];
const dismissal = (keys: unknown, status: 'pending' | 'applied' | 'rejected'): OverlayEntry => ({
  name: 'dismiss_notices',
  args: { keys },
  createdAt: 1,
  status,
  appliedSeq: 2,
});
const keys = (shown: NoticeDoc[]) => shown.map((shownNotice) => shownNotice.key);

describe('overlayNotices', () => {
  it('shows every notice when none was dismissed', () => {
    expect(keys(visibleNotices(notices, []))).toEqual(['n1', 'n2', 'n3']);
  });

  it('hides what a dismissal waiting to be sent names', () => {
    expect(keys(visibleNotices(notices, [dismissal(['n2'], 'pending')]))).toEqual(['n1', 'n3']);
  });

  it('keeps hiding it once the server applied the dismissal, before the pull removes it', () => {
    expect(keys(visibleNotices(notices, [dismissal(['n1', 'n3'], 'applied')]))).toEqual(['n2']);
  });

  it('shows it again when the server rejected the dismissal', () => {
    expect(keys(visibleNotices(notices, [dismissal(['n2'], 'rejected')]))).toEqual([
      'n1',
      'n2',
      'n3',
    ]);
  });

  it('ignores a dismissal whose arguments are not a list of keys', () => {
    expect(keys(visibleNotices(notices, [dismissal('n1', 'pending')]))).toEqual(['n1', 'n2', 'n3']);
  });
});
