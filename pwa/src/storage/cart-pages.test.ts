import { describe, expect, it } from 'vitest';
import type { CartLineDoc } from './account-schemas';
import {
  applyToPages,
  CART_PAGE_COUNT,
  cartPageOf,
  linesOfPages,
  pagesTouched,
  type PulledCartLine,
} from './cart-pages';

const line = (key: string, boxes = 1, deleted = false): PulledCartLine =>
  ({
    key,
    inventory_key: 7,
    eta_date: 20261130,
    boxes,
    seq: 1,
    _deleted: deleted,
  }) as PulledCartLine;
const stored = ({ _deleted: _ignored, ...kept }: PulledCartLine): CartLineDoc => kept;

/** Two keys that share a page, and one on another page. */
function keysSharingAPage(): [string, string, string] {
  const first = 'line-0';
  let same: string | undefined;
  let other: string | undefined;
  for (let i = 1; !same || !other; i += 1) {
    const key = `line-${i}`;
    if (cartPageOf(key) === cartPageOf(first)) same ??= key;
    else other ??= key;
  }
  return [first, same, other];
}

describe('cart pages', () => {
  it('spreads 10,000 lines over every page, none holding more than twice its share', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const page = cartPageOf(`catchup-${i}`);
      counts.set(page, (counts.get(page) ?? 0) + 1);
    }
    expect(counts.size).toBe(CART_PAGE_COUNT);
    expect(Math.max(...counts.values())).toBeLessThan((2 * 10_000) / CART_PAGE_COUNT);
  });

  it('puts a line in the same page every time', () => {
    expect(cartPageOf('7-20261130')).toBe(cartPageOf('7-20261130'));
    expect(pagesTouched([line('a'), line('a'), line('b')])).toEqual([
      ...new Set([cartPageOf('a'), cartPageOf('b')]),
    ]);
  });

  it('keeps the other lines of a page when one of them changes, and the newest version wins', () => {
    const [a, b, other] = keysSharingAPage();
    const page = cartPageOf(a);
    const before = new Map([[page, [stored(line(a, 1)), stored(line(b, 1))]]]);

    const { pages, emptied } = applyToPages(before, [line(a, 2), line(other, 1), line(a, 3)]);

    expect(emptied).toEqual([]);
    expect(pages).toHaveLength(2);
    const touched = pages.find((p) => p.page === page);
    expect(touched?.lines.map((l) => [l.key, l.boxes])).toEqual([
      [a, 3],
      [b, 1],
    ]);
    expect(touched?.lines.every((l) => !('_deleted' in l))).toBe(true);
  });

  it('removes a line on its tombstone, and names a page left empty instead of storing it', () => {
    const [a, b, other] = keysSharingAPage();
    const before = new Map([
      [cartPageOf(a), [stored(line(a)), stored(line(b))]],
      [cartPageOf(other), [stored(line(other))]],
    ]);

    const { pages, emptied } = applyToPages(before, [line(a, 1, true), line(other, 1, true)]);

    expect(pages).toEqual([{ page: cartPageOf(a), lines: [stored(line(b))] }]);
    expect(emptied).toEqual([cartPageOf(other)]);
  });

  it('does not name a page to remove that was never stored', () => {
    expect(applyToPages(new Map(), [line('never-added', 1, true)])).toEqual({
      pages: [],
      emptied: [],
    });
  });

  it('reads every page’s lines back in the order of their keys', () => {
    const keys = Array.from({ length: 200 }, (_, i) => `k-${i}`);
    const { pages } = applyToPages(
      new Map(),
      keys.map((key) => line(key)),
    );
    expect(linesOfPages(pages).map((l) => l.key)).toEqual([...keys].sort());
  });
});
