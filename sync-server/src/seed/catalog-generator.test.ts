import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT_RANK,
  inDollars,
  MILLS_PER_CENT,
  OFFER_MONEY,
  stemPriceCents,
  unitsPerBox,
} from '@stemline/shared';
import type { Grower } from '@stemline/shared';
import { generateCatalog } from './catalog-generator';
import type { CatalogSeed, SeedOffer } from './catalog-generator';
import { Random, deriveSeed } from './random';

// Wednesday 4 November 2026: the first week is Wed–Fri, then three full Mon–Fri weeks.
const FIRST_ETA = 20261104;
const LAST_ETA = 20261127;
const small = generateCatalog({
  seed: 7,
  varieties: 300,
  growers: 30,
  firstEtaDate: FIRST_ETA,
  weeks: 4,
});

function utcDate(eta: number): Date {
  return new Date(Date.UTC(Math.floor(eta / 10_000), (Math.floor(eta / 100) % 100) - 1, eta % 100));
}

function daysBetween(from: number, to: number): number {
  return (utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** The landed price of one stem of a row in dollars (bunch rows are priced per bunch). */
function perStem(offer: SeedOffer): number {
  const price = stemPriceCents(offer, offer) / 100;
  return offer.uom === 'bunch' ? price / offer.stems_per_bunch : price;
}

function indexCatalog(catalog: CatalogSeed) {
  const varieties = new Map(catalog.varieties.map((v) => [v.key, v]));
  const growers = new Map(catalog.growers.map((g) => [g.key, g]));
  const group = (offer: SeedOffer) => varieties.get(offer.variety_key)?.product_group_key;
  const country = (offer: SeedOffer) => growers.get(offer.grower_key)?.country_iso;
  return { varieties, growers, group, country };
}

function countryShares(
  catalog: CatalogSeed,
  groupKeys: string[],
): Map<Grower['country_iso'], number> {
  const { group, country } = indexCatalog(catalog);
  const rows = catalog.offers.filter((o) => groupKeys.includes(group(o) ?? ''));
  const counts = new Map<Grower['country_iso'], number>();
  for (const row of rows) {
    const c = country(row);
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return new Map([...counts].map(([c, n]) => [c, n / rows.length]));
}

describe('random', () => {
  it('repeats the same sequence for the same seed and differs across seeds and labels', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const seqA = Array.from({ length: 20 }, () => a.nextUint32());
    expect(Array.from({ length: 20 }, () => b.nextUint32())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.nextUint32())).not.toEqual(seqA);
    expect(deriveSeed(1, 'growers')).not.toBe(deriveSeed(1, 'offers'));
  });

  it('stays within the bounds it promises', () => {
    const rng = new Random(1);
    for (let i = 0; i < 10_000; i++) {
      const f = rng.next();
      expect(f >= 0 && f < 1).toBe(true);
      const n = rng.int(3, 7);
      expect(n >= 3 && n <= 7 && Number.isInteger(n)).toBe(true);
    }
    expect(() => rng.weightedIndex([0, 0])).toThrow(RangeError);
  });
});

describe('generateCatalog', () => {
  it('is deterministic: same seed and options give identical output', () => {
    const again = generateCatalog({
      seed: 7,
      varieties: 300,
      growers: 30,
      firstEtaDate: FIRST_ETA,
      weeks: 4,
    });
    expect(again).toEqual(small);
    expect(JSON.stringify(again)).toBe(JSON.stringify(small));
    const other = generateCatalog({
      seed: 8,
      varieties: 300,
      growers: 30,
      firstEtaDate: FIRST_ETA,
      weeks: 4,
    });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(small));
  });

  it('generates the same catalogue for a seed as it always has', () => {
    // Pinned: a change here changes every seeded database and the demo data people know.
    // Since price parts are whole mills (issue 22) the pins are those of the dollar form: every
    // price is the one it always was, in the field (and place) it always had.
    const sha256 = (catalog: CatalogSeed) =>
      createHash('sha256')
        .update(JSON.stringify({ ...catalog, offers: inDollars(catalog.offers, OFFER_MONEY) }))
        .digest('hex');
    expect(sha256(small)).toBe('da01cba925c979f7cc39e9ecb3f49e1c2e1b37d96972331982711303afa5442d');
    const weekendStart = generateCatalog({
      varieties: 40,
      growers: 8,
      firstEtaDate: 20261107,
      weeks: 1,
    });
    expect(sha256(weekendStart)).toBe(
      '5b356dbe227a8dcf9426b8c36c7b80d0a521826be7ec1129613e54ccaac02248',
    );
    expect(small.offers).toHaveLength(4159);
    expect(small.varieties[0]).toMatchObject({
      key: 'v-00001',
      name: 'Fancy River',
      product_group_key: 'pg-lisianthus',
      color_key: 'col-white',
      tags: ['premium'],
      rank: 163943,
    });
    expect(small.growers[0]).toEqual({
      key: 'gr-001',
      grower_name: 'Floricultura Gachancipá',
      country_iso: 'CO',
      country_name: 'Colombia',
      importer: false,
    });
    expect(small.offers[0]).toMatchObject({
      variety_key: 'v-00001',
      grower_key: 'gr-001',
      eta_from: 20261104,
      eta_to: 20261106,
      packing_date: 20261102,
      uom: 'bunch',
      grower_price_mills: 8820,
    });
    expect(small.offers.at(-1)).toMatchObject({
      inventory_key: 4159,
      eta_from: 20261123,
      eta_to: 20261127,
      packing_date: 20261121,
    });
  });

  it('keeps growers and varieties independent of the number of weeks', () => {
    const longer = generateCatalog({
      seed: 7,
      varieties: 300,
      growers: 30,
      firstEtaDate: FIRST_ETA,
      weeks: 6,
    });
    expect(longer.growers).toEqual(small.growers);
    expect(longer.varieties).toEqual(small.varieties);
  });

  it('produces the requested counts and covers every product group', () => {
    expect(small.varieties).toHaveLength(300);
    expect(small.growers).toHaveLength(30);
    expect(small.productGroups.length).toBeGreaterThanOrEqual(20);
    const groupNames = small.productGroups.map((g) => g.name.toLowerCase());
    for (const name of [
      'roses',
      'spray roses',
      'garden roses',
      'carnations',
      'mini carnations',
      'alstroemeria',
      'hydrangea',
      'disbud mums',
      'pompons',
      'gypsophila',
      'tulips',
      'peonies',
      'ranunculus',
      'anthurium',
      'dendrobium orchids',
      'mokara orchids',
      'calla lilies',
      'lisianthus',
      'delphinium',
      'stock',
      'hypericum',
      'greens',
    ]) {
      expect(groupNames).toContain(name);
    }
    const categoryKeys = new Set(small.categories.map((c) => c.key));
    for (const group of small.productGroups) {
      expect(categoryKeys.has(group.category_key)).toBe(true);
      expect(small.varieties.some((v) => v.product_group_key === group.key)).toBe(true);
    }
    const offered = new Set(small.offers.map((o) => o.variety_key));
    expect(small.varieties.every((v) => offered.has(v.key))).toBe(true);
  });

  it('uses unique, stable-looking keys and sequential inventory keys', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(small.varieties.map((v) => v.key))).toBe(true);
    expect(unique(small.growers.map((g) => g.key))).toBe(true);
    expect(unique(small.growers.map((g) => g.grower_name))).toBe(true);
    expect(unique(small.productGroups.map((g) => g.key))).toBe(true);
    expect(unique(small.categories.map((c) => c.key))).toBe(true);
    expect(unique(small.colors.map((c) => c.key))).toBe(true);
    expect(small.varieties.every((v) => /^v-\d{5}$/.test(v.key))).toBe(true);
    expect(small.growers.every((g) => /^gr-\d{3}$/.test(g.key))).toBe(true);
    expect(small.productGroups.every((g) => g.key.startsWith('pg-'))).toBe(true);
    expect(small.categories.every((c) => c.key.startsWith('cat-'))).toBe(true);
    expect(small.colors.every((c) => c.key.startsWith('col-'))).toBe(true);
    small.offers.forEach((o, i) => expect(o.inventory_key).toBe(i + 1));
    const namesPerGroup = new Map<string, Set<string>>();
    for (const v of small.varieties) {
      const names = namesPerGroup.get(v.product_group_key) ?? new Set<string>();
      expect(names.has(v.name)).toBe(false);
      names.add(v.name);
      namesPerGroup.set(v.product_group_key, names);
    }
  });

  it('fills variety fields consistently', () => {
    const groups = new Map(small.productGroups.map((g) => [g.key, g]));
    const categories = new Map(small.categories.map((c) => [c.key, c]));
    const colors = new Map(small.colors.map((c) => [c.key, c]));
    for (const v of small.varieties) {
      const group = groups.get(v.product_group_key);
      expect(group?.name).toBe(v.product_group_name);
      expect(group?.category_key).toBe(v.category_key);
      expect(categories.get(v.category_key)?.name).toBe(v.category_name);
      const color = colors.get(v.color_key);
      expect(color?.name).toBe(v.color_name);
      expect(color?.color_code).toBe(v.color_code);
      expect(v.search_name).toBe(v.search_name.toLowerCase());
      expect(v.search_name).toContain(v.name.toLowerCase());
      expect(v.search_name).toContain(v.product_group_name.toLowerCase());
      expect(v.search_name).toContain(v.color_name.toLowerCase());
      expect(v.rank).toBeGreaterThan(0);
    }
    expect(small.colors.every((c) => /^#[0-9A-F]{6}$/.test(c.color_code))).toBe(true);
    const names = small.varieties.map((v) => v.name);
    for (const known of ['Freedom', 'Explorer', 'Playa Blanca', 'Mondial', 'Pink Floyd']) {
      expect(names).toContain(known);
    }
    const tags = new Set(small.varieties.flatMap((v) => v.tags));
    for (const tag of ['wedding', 'premium', 'fragrant', 'tinted'])
      expect(tags.has(tag)).toBe(true);
    expect(small.varieties.some((v) => v.rank === DEFAULT_SORT_RANK)).toBe(true);
    const freedom = small.varieties.find((v) => v.name === 'Freedom');
    expect(freedom?.color_name).toBe('Red');
    expect(freedom?.rank).toBeLessThan(100);
  });

  it('makes growers in the six countries, some of them importers', () => {
    const countries = new Set(small.growers.map((g) => g.country_iso));
    expect([...countries].sort()).toEqual(['CO', 'CR', 'EC', 'NL', 'TH', 'US']);
    const names: Record<string, string> = {
      CO: 'Colombia',
      CR: 'Costa Rica',
      EC: 'Ecuador',
      NL: 'Netherlands',
      TH: 'Thailand',
      US: 'United States',
    };
    for (const g of small.growers) expect(g.country_name).toBe(names[g.country_iso]);
    expect(small.growers.some((g) => g.importer)).toBe(true);
    expect(small.growers.some((g) => !g.importer)).toBe(true);
  });

  it('references existing varieties and growers, 1–4 growers per variety', () => {
    const { varieties, growers } = indexCatalog(small);
    const growersPerVariety = new Map<string, Set<string>>();
    for (const o of small.offers) {
      expect(varieties.has(o.variety_key)).toBe(true);
      expect(growers.has(o.grower_key)).toBe(true);
      const set = growersPerVariety.get(o.variety_key) ?? new Set<string>();
      set.add(o.grower_key);
      growersPerVariety.set(o.variety_key, set);
    }
    for (const set of growersPerVariety.values()) {
      expect(set.size).toBeGreaterThanOrEqual(1);
      expect(set.size).toBeLessThanOrEqual(4);
    }
  });

  it('sources each group from where it really comes from', () => {
    const roses = countryShares(small, ['pg-rose', 'pg-spray-rose', 'pg-garden-rose']);
    expect(roses.get('EC') ?? 0).toBeGreaterThan(0.55);
    expect((roses.get('EC') ?? 0) + (roses.get('CO') ?? 0)).toBe(1);
    const andean = countryShares(small, [
      'pg-carnation',
      'pg-mini-carnation',
      'pg-alstroemeria',
      'pg-hydrangea',
      'pg-pompon',
      'pg-disbud-mum',
    ]);
    expect(andean.get('CO') ?? 0).toBeGreaterThan(0.7);
    const dutch = countryShares(small, ['pg-tulip', 'pg-peony', 'pg-ranunculus']);
    expect(dutch.get('NL') ?? 0).toBeGreaterThan(0.5);
    expect(countryShares(small, ['pg-dendrobium', 'pg-mokara']).get('TH')).toBe(1);
    const anthurium = countryShares(small, ['pg-anthurium']);
    expect((anthurium.get('CR') ?? 0) + (anthurium.get('NL') ?? 0)).toBe(1);
    expect(countryShares(small, ['pg-greens']).get('US') ?? 0).toBeGreaterThan(0);
    expect(countryShares(small, ['pg-peony']).get('US') ?? 0).toBeGreaterThan(0);
  });

  it('prices rows believably through stemPriceCents()', () => {
    const { group } = indexCatalog(small);
    const rows = (key: string, length?: number) =>
      small.offers.filter((o) => group(o) === key && (length === undefined || o.length === length));

    const rose60 = rows('pg-rose', 60).map(perStem);
    expect(rose60.length).toBeGreaterThan(50);
    expect(median(rose60)).toBeGreaterThanOrEqual(1.45);
    expect(median(rose60)).toBeLessThanOrEqual(1.75);
    for (const p of rose60) expect(p >= 1.2 && p <= 2.1).toBe(true);
    const roseMedians = [40, 50, 60, 70, 80].map((len) =>
      median(rows('pg-rose', len).map(perStem)),
    );
    for (let i = 1; i < roseMedians.length; i++) {
      expect(roseMedians[i]).toBeGreaterThan(roseMedians[i - 1] ?? Infinity);
    }

    const carnations = rows('pg-carnation').map(perStem);
    expect(carnations.length).toBeGreaterThan(20);
    for (const p of carnations) expect(p >= 0.5 && p <= 0.75).toBe(true);

    const hydrangea = rows('pg-hydrangea').map(perStem);
    expect(hydrangea.length).toBeGreaterThan(5);
    expect(Math.abs(median(hydrangea) - 3.3)).toBeLessThanOrEqual(0.3);
    for (const p of hydrangea) expect(p >= 2.8 && p <= 3.8).toBe(true);

    for (const o of small.offers) {
      expect(o.grower_price_mills).toBeGreaterThan(0);
      expect(o.grower_price_mills / MILLS_PER_CENT).toBeLessThan(stemPriceCents(o, o));
      expect(o.import_duties_tax >= 0 && o.import_duties_tax < 0.1).toBe(true);
      expect(o.freight_cost_mills).toBeGreaterThan(0);
      expect(o.box_charge_mills).toBeGreaterThan(0);
      expect(o.margin_discount >= 0.1 && o.margin_discount <= 0.4).toBe(true);
    }
  });

  it('packs rows like the trade does', () => {
    const { group } = indexCatalog(small);
    let stem = 0;
    let bunch = 0;
    let bouquet = 0;
    let openMarket = 0;
    let smallStock = 0;
    for (const o of small.offers) {
      const g = group(o);
      if (g === 'pg-rose') {
        expect(o.stems_per_bunch).toBe(25);
        expect([40, 50, 60, 70, 80]).toContain(o.length);
      } else {
        expect(o.stems_per_bunch >= 10 && o.stems_per_bunch <= 20).toBe(true);
      }
      if (g === 'pg-hydrangea' || g === 'pg-anthurium' || g === 'pg-greens') {
        expect(o.length).toBe(0);
      } else {
        expect(o.length).toBeGreaterThanOrEqual(40);
      }
      if (o.uom === 'stem') stem++;
      else if (o.uom === 'bunch') bunch++;
      else bouquet++;
      if (o.open_market) openMarket++;
      const boxes = Math.floor(o.available / unitsPerBox(o));
      expect(boxes).toBeGreaterThanOrEqual(1);
      if (boxes <= 2) smallStock++;
      expect(o.bunches_in_box).toBeGreaterThan(0);
    }
    const total = small.offers.length;
    expect(stem / total).toBeGreaterThan(0.6);
    expect(bunch).toBeGreaterThan(0);
    expect(bouquet).toBeGreaterThan(0);
    expect(bouquet / total).toBeLessThan(0.1);
    expect(openMarket / total).toBeGreaterThan(0.18);
    expect(openMarket / total).toBeLessThan(0.32);
    expect(smallStock).toBeGreaterThan(0);
    expect(smallStock / total).toBeLessThan(0.2);
  });

  it('keeps delivery windows Monday–Friday within the requested weeks', () => {
    const weekStarts = new Set<number>();
    for (const o of small.offers) {
      expect(o.eta_from).toBeGreaterThanOrEqual(FIRST_ETA);
      expect(o.eta_to).toBeLessThanOrEqual(LAST_ETA);
      expect(o.eta_from).toBeLessThanOrEqual(o.eta_to);
      expect(utcDate(o.eta_to).getUTCDay()).toBe(5);
      const fromDay = utcDate(o.eta_from).getUTCDay();
      expect(fromDay >= 1 && fromDay <= 5).toBe(true);
      expect(daysBetween(o.eta_from, o.eta_to)).toBeLessThanOrEqual(4);
      const lead = daysBetween(o.packing_date, o.eta_from);
      expect(lead >= 1 && lead <= 7).toBe(true);
      weekStarts.add(o.eta_from);
    }
    expect([...weekStarts].sort()).toEqual([20261104, 20261109, 20261116, 20261123]);
  });

  it('starts on the following Monday when the first date is a weekend', () => {
    const catalog = generateCatalog({
      varieties: 40,
      growers: 8,
      firstEtaDate: 20261107,
      weeks: 1,
    });
    expect(new Set(catalog.offers.map((o) => `${o.eta_from}-${o.eta_to}`))).toEqual(
      new Set(['20261109-20261113']),
    );
  });

  it('rejects impossible options', () => {
    const base = { varieties: 10, growers: 6, firstEtaDate: FIRST_ETA, weeks: 1 };
    expect(() => generateCatalog({ ...base, growers: 5 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...base, varieties: 0 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...base, weeks: 0 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...base, firstEtaDate: 20261131 })).toThrow(RangeError);
    expect(() => generateCatalog({ ...base, firstEtaDate: 2026114 })).toThrow(RangeError);
  });

  it('scales to the full catalog', { timeout: 60_000 }, () => {
    const full = generateCatalog({
      varieties: 11_000,
      growers: 120,
      firstEtaDate: FIRST_ETA,
      weeks: 4,
    });
    expect(full.varieties).toHaveLength(11_000);
    expect(full.growers).toHaveLength(120);
    expect(full.offers.length).toBeGreaterThan(100_000);
    const names = new Set(full.varieties.map((v) => `${v.product_group_key}|${v.name}`));
    expect(names.size).toBe(11_000);
    expect(new Set(full.growers.map((g) => g.grower_name)).size).toBe(120);
    const rose60 = median(
      full.offers
        // Only roses come 25 stems to the bunch.
        .filter((o) => o.length === 60 && o.stems_per_bunch === 25)
        .map(perStem),
    );
    expect(rose60).toBeGreaterThanOrEqual(1.45);
    expect(rose60).toBeLessThanOrEqual(1.75);
  });
});
