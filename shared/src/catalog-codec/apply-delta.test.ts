import { describe, expect, it } from 'vitest';
import { stemPriceCents } from '../rules/pricing';
import type { CatalogSnapshot, Offer } from '../schemas/catalog';
import { toKeySteps, type CatalogDeltaAnswer } from '../schemas/catalog-delta';
import { applyCatalogDelta } from './apply-delta';

function row(key: number, available: number): Offer {
  const offer: Offer = {
    inventory_key: key,
    variety_key: 'v-1',
    grower_key: 'g-1',
    eta_from: 20261123,
    eta_to: 20261127,
    length: 50,
    stems_per_bunch: 25,
    bunches_in_box: 10,
    uom: 'stem',
    packing_date: 20261120,
    open_market: false,
    available,
    grower_price_mills: 800,
    import_duties_tax: 0.068,
    freight_cost_mills: 30_000,
    box_charge_mills: 4000,
    margin_discount: 0.25,
    stem_price_cents: 0,
  };
  offer.stem_price_cents = stemPriceCents(offer, offer);
  return offer;
}

const base: CatalogSnapshot = {
  date: 20261124,
  version: 10,
  generated_at: 0,
  growers: [],
  varieties: [],
  offers: [row(5, 500), row(9, 250), row(40, 1000)],
  catalogId: 'c1',
  pricesHidden: false,
  disclaimers: [],
  productNotes: {},
  growerNotes: {},
};

function delta(overrides: Partial<CatalogDeltaAnswer> = {}): CatalogDeltaAnswer {
  return {
    success: true,
    date: 20261124,
    catalogId: 'c1',
    since: 10,
    version: 14,
    reset: false,
    stock: { keySteps: toKeySteps([9, 40]), available: [0, 750] },
    prices: {
      keySteps: toKeySteps([5]),
      grower_price_mills: [900],
      import_duties_tax: [0.068],
      freight_cost_mills: [30_000],
      box_charge_mills: [4_000],
      margin_discount: [0.2],
    },
    ...overrides,
  };
}

describe('applyCatalogDelta', () => {
  it('patches stock and prices, recomputes stem prices, and moves the version', () => {
    const result = applyCatalogDelta(base, delta());
    if (!result.ok) throw new Error(result.reason);
    expect(result.changedRows).toBe(3);
    expect(result.snapshot.version).toBe(14);
    expect(result.snapshot.offers.map((o) => o.available)).toEqual([500, 0, 750]);
    const priced = result.snapshot.offers[0] as Offer;
    expect(priced.grower_price_mills).toBe(900);
    expect(priced.stem_price_cents).toBe(stemPriceCents(priced, priced));
    expect(priced.stem_price_cents).not.toBe(base.offers[0]?.stem_price_cents);
    expect(base.offers.map((o) => o.available)).toEqual([500, 250, 1000]);
  });

  it('keeps unchanged rows as the same objects', () => {
    const result = applyCatalogDelta(
      base,
      delta({
        prices: {
          ...delta().prices,
          keySteps: [],
          grower_price_mills: [],
          import_duties_tax: [],
          freight_cost_mills: [],
          box_charge_mills: [],
          margin_discount: [],
        },
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.snapshot.offers[0]).toBe(base.offers[0]);
  });

  it('ignores price changes on a copy that hides prices', () => {
    const hidden = { ...base, pricesHidden: true };
    const result = applyCatalogDelta(hidden, delta());
    if (!result.ok) throw new Error(result.reason);
    expect(result.snapshot.offers[0]).toBe(hidden.offers[0]);
  });

  it.each<[string, Partial<CatalogDeltaAnswer>, string]>([
    ['the server asks for a reset', { reset: true }, 'reset'],
    ['another database', { catalogId: 'c2' }, 'other-catalog'],
    ['another date', { date: 20261125 }, 'other-catalog'],
    ['a delta from another version', { since: 9 }, 'other-version'],
    ['a row the copy does not have', { stock: { keySteps: [77], available: [1] } }, 'unknown-row'],
    ['arrays of different lengths', { stock: { keySteps: [9], available: [1, 2] } }, 'malformed'],
  ])('refuses %s', (_, overrides, reason) => {
    expect(applyCatalogDelta(base, delta(overrides))).toEqual({ ok: false, reason });
  });
});
