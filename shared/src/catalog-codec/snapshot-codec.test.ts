import { describe, expect, it } from 'vitest';
import { stemPriceCents } from '../rules/pricing';
import type { CatalogSnapshot, Offer, Variety } from '../schemas/catalog';
import { CatalogCodecError } from './numeric-column';
import { decodeCatalogSnapshot, encodeCatalogSnapshot, readCatalogSummary } from './snapshot-codec';
import { encodeUtf8 } from './utf8';

function variety(i: number, overrides: Partial<Variety> = {}): Variety {
  const base: Variety = {
    key: `v-${String(i).padStart(5, '0')}`,
    name: `Variety ${i}`,
    product_group_key: i % 2 ? 'pg-rose' : 'pg-carnation',
    product_group_name: i % 2 ? 'Roses' : 'Carnations',
    category_key: i % 2 ? 'cat-roses' : 'cat-carnations',
    category_name: i % 2 ? 'Roses' : 'Carnations',
    color_key: 'col-red',
    color_name: 'Red',
    color_code: '#C8102E',
    tags: i % 3 === 0 ? ['premium', 'wedding'] : [],
    search_name: '',
    rank: i * 7,
    ...overrides,
  };
  return {
    ...base,
    search_name:
      overrides.search_name ??
      `${base.name} ${base.product_group_name} ${base.color_name}`.toLowerCase(),
  };
}

function offer(key: number, varietyKey: string, overrides: Partial<Offer> = {}): Offer {
  const row: Offer = {
    inventory_key: key,
    variety_key: varietyKey,
    grower_key: key % 2 ? 'gr-001' : 'gr-002',
    eta_from: 20261123,
    eta_to: 20261127,
    length: 60,
    stems_per_bunch: 25,
    bunches_in_box: 10,
    uom: 'stem',
    packing_date: 20261120,
    open_market: key % 4 === 0,
    available: 250 * (key % 7),
    grower_price_mills: 850,
    import_duties_tax: 0.068,
    freight_cost_mills: 31_500,
    box_charge_mills: 4250,
    margin_discount: 0.27,
    stem_price_cents: 0,
    ...overrides,
  };
  row.stem_price_cents = stemPriceCents(row, row);
  return row;
}

function snapshot(overrides: Partial<CatalogSnapshot> = {}): CatalogSnapshot {
  const varieties = Array.from({ length: 40 }, (_, i) => variety(i + 1));
  const offers = varieties.flatMap((v, i) => [
    offer(1000 + i * 9, v.key),
    offer(1000 + i * 9 + 4, v.key, { length: 70, uom: i % 5 ? 'stem' : 'bunch' }),
  ]);
  return {
    date: 20261124,
    version: 57,
    generated_at: 1_795_000_000_000,
    growers: [
      {
        key: 'gr-001',
        grower_name: 'Rosas del Cotopaxi',
        country_iso: 'EC',
        country_name: 'Ecuador',
        importer: false,
      },
      {
        key: 'gr-002',
        grower_name: 'Flores Sabana',
        country_iso: 'CO',
        country_name: 'Colombia',
        importer: true,
      },
    ],
    varieties,
    offers,
    catalogId: 'cat-123',
    pricesHidden: false,
    disclaimers: [
      {
        key: 'd-1',
        title: 'Tinted',
        description: 'Colour is applied after harvest.',
        product_group: null,
        variety: 'v-00003',
        category: null,
        grower: null,
      },
    ],
    productNotes: { 'v-00001': 'Opens in 3–4 days.' },
    growerNotes: { 'gr-002': 'Ships from Miami.' },
    ...overrides,
  };
}

const roundTrip = (s: CatalogSnapshot) => decodeCatalogSnapshot(encodeCatalogSnapshot(s).buffer);

describe('compact catalogue snapshot', () => {
  it('decodes to exactly the snapshot it encoded, stem prices recomputed by the shared formula', () => {
    const s = snapshot();
    expect(roundTrip(s)).toEqual(s);
  });

  it.each<[string, Partial<Offer>]>([
    ['a negative margin (a discount)', { margin_discount: -0.05 }],
    ['a farm price in mills that is not whole cents', { grower_price_mills: 1235 }],
    ['duties with more decimals than a price has', { import_duties_tax: 0.123456789 }],
    ['a huge stock figure', { available: 3_000_000_000 }],
    ['a far-away inventory key', { inventory_key: 9_000_000_000 }],
    ['zero length (greens)', { length: 0 }],
    ['the bouquet unit', { uom: 'bouquet' }],
  ])('round-trips %s exactly', (_, overrides) => {
    const s = snapshot();
    const first = s.offers[0] as Offer;
    const changed = offer(first.inventory_key, first.variety_key, overrides);
    const offers = [...s.offers.slice(1), changed].sort(
      (a, b) => a.inventory_key - b.inventory_key,
    );
    const withRow = { ...s, offers };
    expect(roundTrip(withRow)).toEqual(withRow);
  });

  it('round-trips unusual varieties: unicode, own search names, many tags, no rank', () => {
    const s = snapshot({
      varieties: [
        variety(1, { name: 'Rosa “Café” ñandú 🌹', tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }),
        variety(2, { search_name: 'something else entirely' }),
        variety(3, { rank: 9_999_999, color_code: '#FFFFFF', color_key: 'col-white' }),
      ],
      offers: [],
    });
    expect(roundTrip(s)).toEqual(s);
  });

  it('round-trips an empty catalogue', () => {
    const s = snapshot({ varieties: [], offers: [], growers: [], disclaimers: [] });
    expect(roundTrip(s)).toEqual(s);
  });

  it('carries no price at all when prices are hidden, and keeps the stock', () => {
    const s = snapshot();
    const hidden = encodeCatalogSnapshot({ ...s, pricesHidden: true });
    const shown = encodeCatalogSnapshot(s);
    expect(hidden.length).toBeLessThan(shown.length);
    const decoded = decodeCatalogSnapshot(hidden.buffer);
    expect(decoded.pricesHidden).toBe(true);
    for (const [i, row] of decoded.offers.entries()) {
      expect(row.available).toBe(s.offers[i]?.available);
      expect([
        row.grower_price_mills,
        row.import_duties_tax,
        row.freight_cost_mills,
        row.box_charge_mills,
        row.margin_discount,
        row.stem_price_cents,
      ]).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });

  it('hides the prices of a priced copy when asked to', () => {
    const decoded = decodeCatalogSnapshot(encodeCatalogSnapshot(snapshot()).buffer, {
      hidePrices: true,
    });
    expect(decoded.pricesHidden).toBe(true);
    expect(decoded.offers.every((row) => row.stem_price_cents === 0)).toBe(true);
  });

  it('reads the summary without decoding rows', () => {
    expect(readCatalogSummary(encodeCatalogSnapshot(snapshot()).buffer)).toEqual({
      date: 20261124,
      version: 57,
      catalogId: 'cat-123',
      pricesHidden: false,
    });
  });

  it.each([
    ['one that quotes the header', 'cat-"growers":[],"x'],
    ['a long one', `cat-${'9'.repeat(2000)}`],
    ['a non-ASCII one', 'cat-Cajicá-ñ'],
  ])('reads the summary whatever the catalogue id: %s', (_, catalogId) => {
    const copy = encodeCatalogSnapshot({ ...snapshot(), catalogId }).buffer;
    expect(readCatalogSummary(copy)).toEqual({
      date: 20261124,
      version: 57,
      catalogId,
      pricesHidden: false,
    });
  });

  it('refuses the summary of what is not a compact catalogue', () => {
    expect(() => readCatalogSummary(new ArrayBuffer(0))).toThrow(CatalogCodecError);
    expect(() => readCatalogSummary(encodeUtf8('{"not":"a catalogue"}').slice().buffer)).toThrow(
      CatalogCodecError,
    );
  });

  it('is a few bytes per price row', () => {
    const s = snapshot();
    const bytes = encodeCatalogSnapshot(s).length;
    const json = JSON.stringify(s).length;
    expect(bytes).toBeLessThan(json / 2);
  });

  it('refuses offers of unknown varieties or growers', () => {
    const s = snapshot();
    const bad = { ...s, offers: [offer(1, 'v-missing')] };
    expect(() => encodeCatalogSnapshot(bad)).toThrow(CatalogCodecError);
    expect(() =>
      encodeCatalogSnapshot({ ...s, offers: [offer(2, 'v-00001', { available: Number.NaN })] }),
    ).toThrow(CatalogCodecError);
  });

  it.each<[string, (bytes: Uint8Array) => ArrayBuffer]>([
    ['an empty buffer', () => new ArrayBuffer(0)],
    ['another file', () => encodeUtf8('{"not":"a catalogue"}').slice().buffer],
    ['a cut-off copy', (b) => b.slice(0, Math.floor(b.length / 2)).buffer],
    [
      'a header that claims more than there is',
      (b) => {
        const copy = b.slice();
        new DataView(copy.buffer).setUint32(4, 0x7fffffff, true);
        return copy.buffer;
      },
    ],
    [
      'a garbled header',
      (b) => {
        const copy = b.slice();
        copy[9] = 0xff;
        return copy.buffer;
      },
    ],
  ])('rejects %s with a CatalogCodecError', (_, corrupt) => {
    const bytes = encodeCatalogSnapshot(snapshot());
    expect(() => decodeCatalogSnapshot(corrupt(bytes))).toThrow(CatalogCodecError);
  });
});
