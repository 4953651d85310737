import { describe, expect, it } from 'vitest';
import { bunchesInStock } from '@stemline/shared';
import { snapshot } from '../catalog/catalog-fixture';
import { boxFarms, farmRows, shownRows } from './farm-rows';

describe('custom-box farm rows', () => {
  it('offers the farms with a row that packs, by name', () => {
    expect(boxFarms(snapshot).map((g) => g.key)).toEqual(['gr-co', 'gr-nl', 'gr-ec']);
    // A farm whose only row is out of stock cannot fill a box bought now.
    const offers = snapshot.offers.map((o) =>
      o.grower_key === 'gr-nl' ? { ...o, available: 0 } : o,
    );
    expect(boxFarms({ ...snapshot, offers }).map((g) => g.key)).toContain('gr-nl');
    expect(
      boxFarms({ ...snapshot, offers }, (o) => bunchesInStock(o) > 0).map((g) => g.key),
    ).toEqual(['gr-co', 'gr-ec']);
  });

  it("lists a farm's rows by flower, then length, and finds them by every word typed", () => {
    const rows = farmRows(snapshot, 'gr-co');
    expect(rows.map(({ variety, offer }) => `${variety.name} ${offer.length}`)).toEqual([
      'Freedom 40',
      'Freedom 60',
      'Moonlight 60',
      'Zembla 70',
    ]);
    expect(farmRows(snapshot, undefined)).toEqual([]);
    const found = shownRows(rows, new Map(), 'white carn');
    expect(found.map(({ variety }) => variety.name)).toEqual(['Moonlight']);
    // A row with bunches chosen stays listed whatever is typed.
    const zembla = rows[3]?.offer.inventory_key ?? 0;
    expect(shownRows(rows, new Map([[zembla, 2]]), 'white carn').length).toBe(2);
  });
});
