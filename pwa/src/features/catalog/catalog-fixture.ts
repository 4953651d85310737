import {
  dollarsToCents,
  dollarsToMills,
  type CatalogSnapshot,
  type Grower,
  type Offer,
  type Variety,
} from '@stemline/shared';

/** A small catalogue for unit tests: a few varieties, growers in three countries, price rows. */

export const growers: Grower[] = [
  grower('gr-ec', 'Rosaprima', 'EC', 'Ecuador'),
  grower('gr-co', 'Agrícola Cajicá', 'CO', 'Colombia'),
  grower('gr-nl', 'Kwekerij Jansen', 'NL', 'Netherlands'),
  grower('gr-none', 'Farm Without Rows', 'US', 'United States'),
];

export const varieties: Variety[] = [
  variety('v-freedom', 'Freedom', 'pg-rose', 'Roses', 'cat-roses', 'col-red', 'Red', 10),
  variety(
    'v-moonlight',
    'Moonlight',
    'pg-carnation',
    'Carnations',
    'cat-carn',
    'col-white',
    'White',
    5,
  ),
  variety('v-zembla', 'Zembla', 'pg-mum', 'Disbud Mums', 'cat-mums', 'col-white', 'White', 20),
  variety(
    'v-naomi',
    'Red Naomi',
    'pg-spray-rose',
    'Spray Roses',
    'cat-roses',
    'col-red',
    'Red',
    30,
  ),
  variety('v-soldout', 'Sold Out', 'pg-rose', 'Roses', 'cat-roses', 'col-red', 'Red', 1),
  variety('v-norows', 'No Rows', 'pg-rose', 'Roses', 'cat-roses', 'col-red', 'Red', 2),
];

let nextKey = 1;
export const offers: Offer[] = [
  offer('v-freedom', 'gr-ec', 50, 1.4, 1000),
  offer('v-freedom', 'gr-ec', 70, 1.9, 500),
  offer('v-freedom', 'gr-co', 60, 1.5, 0),
  offer('v-freedom', 'gr-co', 40, 1.1, 300),
  offer('v-moonlight', 'gr-co', 60, 0.6, 2000),
  offer('v-zembla', 'gr-nl', 70, 0.9, 800),
  offer('v-zembla', 'gr-co', 70, 0.8, 100),
  offer('v-naomi', 'gr-ec', 50, 0.7, 600),
  offer('v-soldout', 'gr-ec', 60, 0.2, 99),
  offer('v-freedom', 'gr-unknown', 60, 0.1, 1000),
];

export const snapshot: CatalogSnapshot = {
  date: 20261130,
  version: 7,
  generated_at: 0,
  catalogId: 'test',
  pricesHidden: false,
  growers,
  varieties,
  offers,
  disclaimers: [],
  productNotes: {},
  growerNotes: {},
};

function grower(key: string, name: string, iso: Grower['country_iso'], country: string): Grower {
  return { key, grower_name: name, country_iso: iso, country_name: country, importer: false };
}

function variety(
  key: string,
  name: string,
  group: string,
  groupName: string,
  category: string,
  color: string,
  colorName: string,
  rank: number,
): Variety {
  return {
    key,
    name,
    product_group_key: group,
    product_group_name: groupName,
    category_key: category,
    category_name: category,
    color_key: color,
    color_name: colorName,
    color_code: '#cc0000',
    tags: [],
    search_name: `${name} ${groupName} ${colorName}`.toLowerCase(),
    rank,
  };
}

/** A stem-priced row of 4 bunches of 25 stems a box at `dollars` a stem: `available` ÷ 100 boxes. */
function offer(
  variety_key: string,
  grower_key: string,
  length: number,
  dollars: number,
  available: number,
): Offer {
  return {
    inventory_key: nextKey++,
    variety_key,
    grower_key,
    eta_from: 20261130,
    eta_to: 20261204,
    length,
    stems_per_bunch: 25,
    bunches_in_box: 4,
    uom: 'stem',
    packing_date: 20261127,
    open_market: false,
    available,
    stem_price_cents: dollarsToCents(dollars),
    grower_price_mills: dollarsToMills(dollars),
    import_duties_tax: 0,
    freight_cost_mills: 0,
    box_charge_mills: 0,
    margin_discount: 0,
  };
}
