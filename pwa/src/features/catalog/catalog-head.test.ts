import { describe, expect, it } from 'vitest';
import {
  CATALOG_HEAD_ENTRIES,
  DEFAULT_CATALOG_QUERY,
  catalogHead,
  disclaimersFor,
  encodeCatalogSnapshot,
  type Disclaimer,
  type CatalogQuery,
  type CatalogSnapshot,
  type Offer,
  type Variety,
} from '@stemline/shared';
import { snapshot as fixture } from './catalog-fixture';
import { buildCatalogModel } from './catalog-model';
import { headHolds, headPreview, previewOf } from './catalog-preview';
import { selectEntries } from './catalog-view';

/**
 * A catalogue of 300 varieties whose ranks tie in threes (ties broken by name), a third of them
 * sold out or offered only by a grower the snapshot does not list, in no particular order.
 */
function rankedSnapshot(): CatalogSnapshot {
  const varieties: Variety[] = [];
  const offers: Offer[] = [];
  const template = fixture.varieties[0] as Variety;
  const row = fixture.offers[0] as Offer;
  for (let n = 0; n < 300; n += 1) {
    const spread = (n * 7919) % 300;
    const key = `v-${n}`;
    varieties.push({ ...template, key, name: `Variety ${spread % 17} ${n}`, rank: spread / 3 });
    const kind = (n * 31) % 3;
    offers.push({
      ...row,
      inventory_key: 20_000 + 2 * n,
      variety_key: key,
      grower_key: kind === 2 ? 'gr-unknown' : row.grower_key,
      available: kind === 1 ? 0 : 400,
    });
    if (n % 4 === 0) {
      offers.push({ ...row, inventory_key: 20_001 + 2 * n, variety_key: key, available: 200 });
    }
  }
  // Disclaimers of every kind, most for varieties, groups, categories or growers outside the head.
  const disclaimer = (key: string, match: Partial<Disclaimer>): Disclaimer => ({
    key,
    title: key,
    description: `About ${key}`,
    product_group: null,
    variety: null,
    category: null,
    grower: null,
    ...match,
  });
  const disclaimers = [
    ...varieties.map((variety, n) => disclaimer(`d-v${n}`, { variety: variety.key })),
    disclaimer('d-group', { product_group: template.product_group_key }),
    disclaimer('d-other-group', { product_group: 'pg-none' }),
    disclaimer('d-category', { category: template.category_key }),
    disclaimer('d-other-category', { category: 'cat-none' }),
    disclaimer('d-grower', { grower: row.grower_key }),
    disclaimer('d-other-grower', { grower: 'gr-none' }),
  ];
  return { ...fixture, varieties, offers, disclaimers, pricesHidden: true };
}

function headOf(snapshot: CatalogSnapshot) {
  const head = catalogHead(snapshot, CATALOG_HEAD_ENTRIES);
  return { data: encodeCatalogSnapshot(head.snapshot).buffer, entryCount: head.entryCount };
}

const favorites: ReadonlySet<string> = new Set();

describe("a first visit's first screen from the head of the copy", () => {
  it.each([
    ['in a grid', DEFAULT_CATALOG_QUERY],
    ['as a list', { ...DEFAULT_CATALOG_QUERY, view: 'list' } satisfies CatalogQuery],
  ])('lists %s the same first entries as the whole copy, with its count', (_view, query) => {
    const whole = rankedSnapshot();
    const model = buildCatalogModel(whole);
    const entries = selectEntries(model, query, query);
    expect(entries.length).toBeGreaterThan(CATALOG_HEAD_ENTRIES);

    const preview = headPreview(headOf(whole), query);
    const full = previewOf(model, query, favorites, CATALOG_HEAD_ENTRIES);
    const shape = (entry: (typeof entries)[number]) => ({
      key: entry.key,
      best: entry.best.offer.inventory_key,
      rows: entry.rows.map((r) => r.offer.inventory_key),
      growers: entry.availableGrowers,
    });
    expect(preview.entries.map(shape)).toEqual(full.entries.map(shape));
    expect(preview.entries).toHaveLength(CATALOG_HEAD_ENTRIES);
    // Each card shows the disclaimers it shows from the whole copy, and few others travel.
    for (const entry of preview.entries) {
      for (const growerKey of [undefined, ...entry.availableGrowers]) {
        const keys = (list: readonly Disclaimer[]) =>
          disclaimersFor(list, entry.product.variety, growerKey).map((d) => d.key);
        expect(keys(preview.disclaimers)).toEqual(keys(whole.disclaimers));
      }
    }
    expect(preview.disclaimers.length).toBeLessThan(whole.disclaimers.length / 3);
    expect(preview.orderKey).toBe(full.orderKey);
    expect(preview.entryCount).toBe(entries.length);
    expect(preview.varietyCount).toBe(entries.length);
    // The filter counts need the whole copy.
    expect(preview.facets).toBeNull();
  });

  it('holds every listed variety of a small date, and none sold out', () => {
    const whole = rankedSnapshot();
    const small = { ...whole, varieties: whole.varieties.slice(0, 40) };
    const head = catalogHead(small, CATALOG_HEAD_ENTRIES);
    const listed = selectEntries(
      buildCatalogModel(small),
      DEFAULT_CATALOG_QUERY,
      DEFAULT_CATALOG_QUERY,
    );
    expect(head.snapshot.varieties.map((v) => v.key).sort()).toEqual(
      listed.map((entry) => entry.product.variety.key).sort(),
    );
    expect(head.entryCount).toBe(listed.length);
    expect(head.snapshot.offers.some((o) => o.grower_key === 'gr-unknown')).toBe(false);
    expect(new Set(head.snapshot.growers.map((g) => g.key))).toEqual(
      new Set(head.snapshot.offers.map((o) => o.grower_key)),
    );
  });

  it('stands only for the default view without a search', () => {
    const changed: Partial<CatalogQuery>[] = [
      { search: 'rose' },
      { color: ['col-red'] },
      { farm: ['gr-ec'] },
      { stemLength: { min: 50, max: null } },
      { sortBy: 'price_low_high' },
      { mode: 'farm' },
      { favorites: true },
    ];
    expect(headHolds({ ...DEFAULT_CATALOG_QUERY, date: 20261130 })).toBe(true);
    for (const change of changed) {
      expect(headHolds({ ...DEFAULT_CATALOG_QUERY, ...change }), JSON.stringify(change)).toBe(
        false,
      );
    }
  });
});
