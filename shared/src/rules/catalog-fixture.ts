import type { Grower, Offer, Variety } from '../schemas/catalog';

/** A variety for tests: Freedom, a red rose (key v-1), unless `change` says. */
export function testVariety(change: Partial<Variety> = {}): Variety {
  return {
    key: 'v-1',
    name: 'Freedom',
    product_group_key: 'pg-rose',
    product_group_name: 'Roses',
    category_key: 'cat-roses',
    category_name: 'Roses',
    color_key: 'col-red',
    color_name: 'Red',
    color_code: '#b11226',
    tags: [],
    search_name: 'freedom',
    rank: 1,
    ...change,
  };
}

/** A grower for tests: Finca Andina, Ecuador (key gr-1), unless `change` says. */
export function testGrower(change: Partial<Grower> = {}): Grower {
  return {
    key: 'gr-1',
    grower_name: 'Finca Andina',
    country_iso: 'EC',
    country_name: 'Ecuador',
    importer: false,
    ...change,
  };
}

/**
 * An offer for tests: `testVariety()` 60 cm from `testGrower()`, delivered 30 November to
 * 4 December 2026, boxes of 4 bunches of 25 stems, three boxes (300 stems) available, at $1.60 a
 * stem, unless `change` says.
 */
export function testOffer(change: Partial<Offer> = {}): Offer {
  return {
    inventory_key: 7,
    variety_key: 'v-1',
    grower_key: 'gr-1',
    eta_from: 20261130,
    eta_to: 20261204,
    length: 60,
    stems_per_bunch: 25,
    bunches_in_box: 4,
    uom: 'stem',
    packing_date: 20261127,
    open_market: false,
    available: 300,
    grower_price_mills: 950,
    import_duties_tax: 0.068,
    freight_cost_mills: 18_000,
    box_charge_mills: 4_000,
    margin_discount: 0.3,
    stem_price_cents: 160,
    ...change,
  };
}
