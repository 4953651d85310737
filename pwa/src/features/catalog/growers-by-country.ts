import type { Grower } from '@stemline/shared';
import type { PriceRow } from './catalog-model';

export interface GrowerOffers {
  grower: Grower;
  /** The grower's rows, shortest stems first, then cheapest. */
  rows: PriceRow[];
}

export interface CountryOffers {
  country_iso: string;
  country_name: string;
  growers: GrowerOffers[];
}

/**
 * A product's price rows grouped by country, then grower (the spec's `gpc`). Countries and growers
 * come in the order of their first row, so with rows best first the best offer leads.
 */
export function growersByCountry(rows: readonly PriceRow[]): CountryOffers[] {
  const countries = new Map<string, CountryOffers>();
  const growers = new Map<string, GrowerOffers>();
  for (const row of rows) {
    const { grower } = row;
    let country = countries.get(grower.country_iso);
    if (!country) {
      country = { country_iso: grower.country_iso, country_name: grower.country_name, growers: [] };
      countries.set(grower.country_iso, country);
    }
    let offers = growers.get(grower.key);
    if (!offers) {
      offers = { grower, rows: [] };
      growers.set(grower.key, offers);
      country.growers.push(offers);
    }
    offers.rows.push(row);
  }
  for (const offers of growers.values()) {
    offers.rows.sort(
      (a, b) =>
        a.offer.length - b.offer.length || a.offer.stem_price_cents - b.offer.stem_price_cents,
    );
  }
  return [...countries.values()];
}
