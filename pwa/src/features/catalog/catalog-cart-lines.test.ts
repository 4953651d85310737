import { describe, expect, it } from 'vitest';
import type { VisibleCartLine } from '@stemline/shared';
import { createCatalogCartLines } from './catalog-actions';

/** A cart line of a price row; the cards read only what the store hands them. */
const line = (inventoryKey: number, boxes: number) =>
  ({ inventory_key: inventoryKey, boxes, pendingBoxes: boxes }) as unknown as VisibleCartLine;

describe('the catalogue cards’ cart lines', () => {
  it('hands each card its own row’s line, and tells the cards when the date’s lines change', () => {
    const lines = createCatalogCartLines();
    let told = 0;
    const stop = lines.subscribe(() => (told += 1));
    expect(lines.get(11)).toBeUndefined();

    const first = new Map([[11, line(11, 1)]]);
    lines.set(first);
    expect(told).toBe(1);
    expect(lines.get(11)?.boxes).toBe(1);
    expect(lines.get(12)).toBeUndefined();

    // The same lines again (a page render with nothing new) tell nobody.
    lines.set(first);
    expect(told).toBe(1);

    // A row's line kept as it was keeps its identity, so that card's snapshot does not change.
    const kept = first.get(11);
    lines.set(new Map([...first, [12, line(12, 2)]]));
    expect(told).toBe(2);
    expect(lines.get(11)).toBe(kept);
    expect(lines.get(12)?.boxes).toBe(2);

    stop();
    lines.set(new Map());
    expect(told).toBe(2);
    expect(lines.get(11)).toBeUndefined();
  });
});
