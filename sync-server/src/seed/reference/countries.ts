import type { Grower } from '@stemline/shared';

/** A grower country of spec §9. */
export type Country = Grower['country_iso'];

/** How a country's farms ship, are taxed and priced. */
export interface CountryInfo {
  name: string;
  /** Share of all growers. */
  share: number;
  /** US import duty on the farm price, as a fraction. */
  duty: number;
  /** Freight cost relative to Andean air freight into Miami. */
  freight: number;
  /** Box charge range per box, USD. */
  boxCharge: readonly [number, number];
  /** Days from packing to the first delivery date of a window. */
  lead: readonly [number, number];
  /** Landed-price level relative to the market. */
  priceLevel: number;
  /** Share of this country's growers flagged as importers. */
  importer: number;
}

/** The countries in seed order, and what each one is like. */
export const COUNTRY_ORDER: readonly Country[] = ['CO', 'CR', 'EC', 'NL', 'TH', 'US'];
export const COUNTRY_INFO: Readonly<Record<Country, CountryInfo>> = {
  CO: {
    name: 'Colombia',
    share: 0.34,
    duty: 0,
    freight: 0.9,
    boxCharge: [3, 5],
    lead: [2, 3],
    priceLevel: 0.97,
    importer: 0.04,
  },
  CR: {
    name: 'Costa Rica',
    share: 0.06,
    duty: 0,
    freight: 0.85,
    boxCharge: [3, 5],
    lead: [2, 3],
    priceLevel: 1,
    importer: 0.04,
  },
  EC: {
    name: 'Ecuador',
    share: 0.34,
    duty: 0.068,
    freight: 1,
    boxCharge: [3.5, 5.5],
    lead: [2, 3],
    priceLevel: 1.03,
    importer: 0.04,
  },
  NL: {
    name: 'Netherlands',
    share: 0.12,
    duty: 0.032,
    freight: 1.7,
    boxCharge: [4, 7],
    lead: [2, 4],
    priceLevel: 1.08,
    importer: 0.3,
  },
  TH: {
    name: 'Thailand',
    share: 0.06,
    duty: 0.032,
    freight: 2.3,
    boxCharge: [4, 6],
    lead: [3, 5],
    priceLevel: 1,
    importer: 0.04,
  },
  US: {
    name: 'United States',
    share: 0.08,
    duty: 0,
    freight: 0.45,
    boxCharge: [2, 4],
    lead: [1, 2],
    priceLevel: 1.06,
    importer: 0.35,
  },
};
