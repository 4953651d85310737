import { describe, expect, it } from 'vitest';
import { offers, snapshot } from '../catalog/catalog-fixture';
import type { PendingAdd } from '../catalog/pending-add';
import { pendingAddRow } from './pending-add-offer';

/** The fixture's row of `variety`, `grower` and `length`. */
function fixtureRow(variety: string, grower: string, length: number) {
  const offer = offers.find(
    (row) => row.variety_key === variety && row.grower_key === grower && row.length === length,
  );
  if (!offer) throw new Error('no such row in the fixture');
  return offer;
}

function pendingOf(variety: string, grower: string, length: number): PendingAdd {
  return {
    inventoryKey: fixtureRow(variety, grower, length).inventory_key,
    varietyKey: variety,
    growerKey: grower,
    length,
    label: 'a row',
    quantity: 1,
    etaDate: snapshot.date,
  };
}

describe('pendingAddRow', () => {
  it('finds the row the visitor pressed Add on, with its variety and grower', () => {
    const row = pendingAddRow(snapshot, pendingOf('v-freedom', 'gr-ec', 70));
    expect(row?.offer).toBe(fixtureRow('v-freedom', 'gr-ec', 70));
    expect(row?.variety.key).toBe('v-freedom');
    expect(row?.grower.key).toBe('gr-ec');
  });

  it("takes the same variety, farm and length under the date's own key", () => {
    const add = { ...pendingOf('v-zembla', 'gr-nl', 70), inventoryKey: -1 };
    expect(pendingAddRow(snapshot, add)?.offer).toBe(fixtureRow('v-zembla', 'gr-nl', 70));
  });

  it('finds none when the row has no box left, or the date does not offer it', () => {
    expect(pendingAddRow(snapshot, pendingOf('v-freedom', 'gr-co', 60))).toBeNull();
    const gone = { ...pendingOf('v-naomi', 'gr-ec', 50), length: 90 };
    expect(pendingAddRow(snapshot, gone)).toBeNull();
    const noGrower = { ...pendingOf('v-freedom', 'gr-unknown', 60) };
    expect(pendingAddRow(snapshot, noGrower)).toBeNull();
  });
});
