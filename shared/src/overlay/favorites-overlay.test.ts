import { describe, expect, it } from 'vitest';
import type { OverlayEntry } from './queued-mutation';
import { overlayFavorites } from './visible-collections';

let clock = 0;
function change(
  name: string,
  variety: unknown,
  status: OverlayEntry['status'] = 'pending',
  appliedSeq?: number,
): OverlayEntry {
  clock += 1;
  return { name, args: { variety_key: variety }, createdAt: clock, status, appliedSeq };
}
const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('overlayFavorites', () => {
  it('shows a pending add at once and marks it pending', () => {
    const view = overlayFavorites([], [change('add_favorite', 'v1')], 0);
    expect(sorted(view.favorited)).toEqual(['v1']);
    expect(sorted(view.pending)).toEqual(['v1']);
  });

  it('applies toggles in the order they were made', () => {
    const outbox = [
      change('add_favorite', 'v1'),
      change('remove_favorite', 'v1'),
      change('add_favorite', 'v2'),
    ];
    expect(sorted(overlayFavorites(['v3'], outbox.reverse(), 0).favorited)).toEqual(['v2', 'v3']);
  });

  it('keeps an applied change until the checkpoint reaches it, then leaves it to the server’s documents', () => {
    const removed = change('remove_favorite', 'v1', 'applied', 12);
    expect(sorted(overlayFavorites(['v1'], [removed], 11).favorited)).toEqual([]);
    expect(sorted(overlayFavorites([], [removed], 12).favorited)).toEqual([]);
    expect(overlayFavorites([], [removed], 12).pending.size).toBe(0);
  });

  it('never shows a rejected change, and ignores other mutations and malformed args', () => {
    const view = overlayFavorites(
      ['v1'],
      [
        change('add_favorite', 'v9', 'rejected', 3),
        change('add_to_cart', 'v2'),
        change('remove_favorite', 42),
      ],
      0,
    );
    expect(sorted(view.favorited)).toEqual(['v1']);
    expect(view.pending.size).toBe(0);
  });
});
