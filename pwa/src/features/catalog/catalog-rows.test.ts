import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_QUERY } from '@stemline/shared';
import { snapshot } from './catalog-fixture';
import { buildCatalogModel } from './catalog-model';
import {
  catalogLayout,
  catalogRows,
  GRID_CARD_HEIGHT,
  LIST_ROW_HEIGHT_NARROW,
  LIST_ROW_HEIGHT_WIDE,
} from './catalog-rows';
import { selectEntries } from './catalog-view';

const model = buildCatalogModel(snapshot);

describe('catalogLayout', () => {
  const cases = [
    { view: 'grid', width: 0, columns: 1, height: GRID_CARD_HEIGHT, wide: false },
    { view: 'grid', width: 328, columns: 1, height: GRID_CARD_HEIGHT, wide: false },
    { view: 'grid', width: 512, columns: 2, height: GRID_CARD_HEIGHT, wide: false },
    { view: 'grid', width: 952, columns: 3, height: GRID_CARD_HEIGHT, wide: false },
    { view: 'grid', width: 1200, columns: 4, height: GRID_CARD_HEIGHT, wide: false },
    { view: 'list', width: 328, columns: 1, height: LIST_ROW_HEIGHT_NARROW, wide: false },
    { view: 'list', width: 719, columns: 1, height: LIST_ROW_HEIGHT_NARROW, wide: false },
    { view: 'list', width: 720, columns: 1, height: LIST_ROW_HEIGHT_WIDE, wide: true },
    { view: 'list', width: 1200, columns: 1, height: LIST_ROW_HEIGHT_WIDE, wide: true },
  ] as const;
  it.each(cases)(
    '$view at $width px: $columns columns, one-line rows $wide',
    ({ view, width, columns, height, wide }) => {
      const layout = catalogLayout(view, width);
      expect(layout.columns).toBe(columns);
      expect(layout.rowHeight).toBe(height);
      // The one-line row styles and the row height must switch at the same width.
      expect(layout.wide).toBe(wide);
    },
  );

  it('changes its signature with the column count', () => {
    expect(catalogLayout('grid', 512).signature).not.toBe(catalogLayout('grid', 952).signature);
  });
});

describe('catalogRows', () => {
  it('cuts entries into rows of the column count', () => {
    const entries = selectEntries(model, DEFAULT_CATALOG_QUERY, DEFAULT_CATALOG_QUERY);
    const rows = catalogRows(entries, 3);
    expect(rows.map((row) => (row.kind === 'cards' ? row.entries.length : 'farm'))).toEqual([3, 1]);
  });

  it('starts each farm with a heading and a new row', () => {
    const query = { ...DEFAULT_CATALOG_QUERY, mode: 'farm' as const };
    const rows = catalogRows(selectEntries(model, query, query), 2);
    expect(
      rows.map((row) =>
        row.kind === 'farm'
          ? `${row.farm.key} (${row.count})`
          : row.entries.map((e) => e.key).join(' '),
      ),
    ).toEqual([
      'gr-co (3)',
      'gr-co:v-moonlight gr-co:v-freedom',
      'gr-co:v-zembla',
      'gr-nl (1)',
      'gr-nl:v-zembla',
      'gr-ec (2)',
      'gr-ec:v-freedom gr-ec:v-naomi',
    ]);
  });

  it('gives every row a unique key', () => {
    const query = { ...DEFAULT_CATALOG_QUERY, mode: 'farm' as const };
    const rows = catalogRows(selectEntries(model, query, query), 1);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it('has no rows for no entries', () => {
    expect(catalogRows([], 4)).toEqual([]);
  });
});
