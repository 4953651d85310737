import { describe, expect, it } from 'vitest';
import {
  priceComponentsSchema,
  type CatalogSnapshot,
  type Offer,
  type PriceComponents,
  type Unit,
} from '../schemas/catalog';
import { boxPriceCents, stemPriceCents, unitsPerBox, withPricesHidden } from './pricing';
import { testOffer } from './catalog-fixture';

type Row = { uom: Unit; stems_per_bunch: number; bunches_in_box: number };

const roseBox: Row = { uom: 'stem', stems_per_bunch: 25, bunches_in_box: 4 };
const bunchBox: Row = { uom: 'bunch', stems_per_bunch: 10, bunches_in_box: 12 };
const bouquetBox: Row = { uom: 'bouquet', stems_per_bunch: 10, bunches_in_box: 5 };

const noCosts: PriceComponents = {
  grower_price_mills: 0,
  import_duties_tax: 0,
  freight_cost_mills: 0,
  box_charge_mills: 0,
  margin_discount: 0,
};

describe('unitsPerBox', () => {
  const cases = [
    { name: 'counts stems when sold by the stem (25 × 4)', row: roseBox, expected: 100 },
    { name: 'counts stems when sold by the bouquet (10 × 5)', row: bouquetBox, expected: 50 },
    { name: 'counts bunches when sold by the bunch (12)', row: bunchBox, expected: 12 },
  ];
  for (const { name, row, expected } of cases) {
    it(name, () => {
      expect(unitsPerBox(row)).toBe(expected);
    });
  }
});

describe('stemPriceCents', () => {
  // Expectations are worked out by hand from the formula in pricing.ts, in dollars as buyers
  // read them (parts are given in mills, the price comes in cents):
  // (grower_price × (1 + duties) + (freight + box_charge) ÷ units per box) × (1 + margin).
  const cases: { name: string; price: Partial<PriceComponents>; row: Row; expected: number }[] = [
    {
      name: 'combines every component: (0.95 × 1.068 + 22 ÷ 100) × 1.3 = 1.60498 → 1.60',
      price: {
        grower_price_mills: 950,
        import_duties_tax: 0.068,
        freight_cost_mills: 18_000,
        box_charge_mills: 4000,
        margin_discount: 0.3,
      },
      row: roseBox,
      expected: 160,
    },
    {
      name: 'is the farm price alone when nothing else costs anything',
      price: { grower_price_mills: 870 },
      row: roseBox,
      expected: 87,
    },
    {
      name: 'spreads freight over the stems of a box: 0.50 + 10 ÷ 100 = 0.60',
      price: { grower_price_mills: 500, freight_cost_mills: 10_000 },
      row: roseBox,
      expected: 60,
    },
    {
      name: 'spreads the box charge like freight: 0.50 + (10 + 5) ÷ 100 = 0.65',
      price: { grower_price_mills: 500, freight_cost_mills: 10_000, box_charge_mills: 5000 },
      row: roseBox,
      expected: 65,
    },
    {
      name: 'levies duties on the farm price only, not on freight: 1 × 1.5 + 100 ÷ 100 = 2.50',
      price: { grower_price_mills: 1000, import_duties_tax: 0.5, freight_cost_mills: 100_000 },
      row: roseBox,
      expected: 250,
    },
    {
      name: 'applies the margin last, to freight too: (1 + 100 ÷ 100) × 1.5 = 3.00',
      price: { grower_price_mills: 1000, freight_cost_mills: 100_000, margin_discount: 0.5 },
      row: roseBox,
      expected: 300,
    },
    {
      name: 'takes a negative margin as a discount: (1.1 + 25 ÷ 100) × 0.9 = 1.215 → 1.22',
      price: {
        grower_price_mills: 1000,
        import_duties_tax: 0.1,
        freight_cost_mills: 20_000,
        box_charge_mills: 5000,
        margin_discount: -0.1,
      },
      row: roseBox,
      expected: 122,
    },
    {
      name: 'spreads box costs over bunches when the unit is bunch: (4 + 30 ÷ 12) × 1.2 = 7.80',
      price: {
        grower_price_mills: 4000,
        freight_cost_mills: 24_000,
        box_charge_mills: 6000,
        margin_discount: 0.2,
      },
      row: bunchBox,
      expected: 780,
    },
    {
      name: 'spreads box costs over stems for bouquets: 2 + 10 ÷ 50 = 2.20',
      price: { grower_price_mills: 2000, freight_cost_mills: 10_000 },
      row: bouquetBox,
      expected: 220,
    },
    {
      name: 'rounds down below half a cent: 0.333 → 0.33',
      price: { grower_price_mills: 333 },
      row: roseBox,
      expected: 33,
    },
    {
      name: 'rounds half a cent up: 0.335 → 0.34',
      price: { grower_price_mills: 335 },
      row: roseBox,
      expected: 34,
    },
    {
      name: 'rounds half a cent up where binary floating point falls short: 4.015 → 4.02',
      price: { grower_price_mills: 4015 },
      row: roseBox,
      expected: 402,
    },
    {
      name: 'rounds a price spread over a box to cents: 1 + 10 ÷ 3 = 4.333… → 4.33',
      price: { grower_price_mills: 1000, freight_cost_mills: 10_000 },
      row: { uom: 'bunch', stems_per_bunch: 10, bunches_in_box: 3 },
      expected: 433,
    },
  ];

  for (const { name, price, row, expected } of cases) {
    it(name, () => {
      expect(stemPriceCents({ ...noCosts, ...price }, row)).toBe(expected);
    });
  }
});

describe('boxPriceCents', () => {
  const cases: { name: string; unit: number; row: Row; expected: number }[] = [
    {
      name: 'multiplies a stem price by the stems in a box',
      unit: 160,
      row: roseBox,
      expected: 16_000,
    },
    {
      name: 'multiplies a bunch price by the bunches in a box',
      unit: 780,
      row: bunchBox,
      expected: 9_360,
    },
    {
      name: 'multiplies a bouquet price by the stems in a box',
      unit: 220,
      row: bouquetBox,
      expected: 11_000,
    },
    {
      name: 'multiplies whole cents exactly (in dollars 1.1 × 3 drifts to 3.3000000000000003)',
      unit: 110,
      row: { uom: 'bunch', stems_per_bunch: 10, bunches_in_box: 3 },
      expected: 330,
    },
    { name: 'is free for a free unit', unit: 0, row: roseBox, expected: 0 },
  ];
  for (const { name, unit, row, expected } of cases) {
    it(name, () => {
      expect(boxPriceCents(unit, row)).toBe(expected);
    });
  }
});

describe('withPricesHidden', () => {
  const offer = testOffer({ variety_key: 'v-freedom', grower_key: 'gr-andina' });
  const snapshot: CatalogSnapshot = {
    date: 20261130,
    version: 12,
    generated_at: 0,
    growers: [],
    varieties: [],
    offers: [offer],
    catalogId: 'c',
    pricesHidden: false,
    disclaimers: [],
    productNotes: {},
    growerNotes: {},
  };

  it('sets every price component and the stem price to 0, and keeps stock and the rest', () => {
    const hidden = withPricesHidden(snapshot);
    expect(hidden.pricesHidden).toBe(true);
    const [only] = hidden.offers;
    for (const field of [...Object.keys(priceComponentsSchema.shape), 'stem_price_cents']) {
      expect(only?.[field as keyof Offer]).toBe(0);
    }
    expect(only).toMatchObject({ inventory_key: 7, available: 300, length: 60, uom: 'stem' });
    expect({ ...hidden, offers: [] }).toEqual({ ...snapshot, pricesHidden: true, offers: [] });
    expect(snapshot.offers[0]?.stem_price_cents).toBe(160);
  });
});
