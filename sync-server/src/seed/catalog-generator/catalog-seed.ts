/** What `generateCatalog()` returns (spec §3 Variety, Grower, per-grower price row). */
import type { Grower, Offer, Variety } from '@stemline/shared';
import type { SeedCategory, SeedColor } from '../reference/seed-entities';

export type { SeedCategory, SeedColor };

/** A per-grower price row as seeded: everything but the computed `stem_price_cents`. */
export type SeedOffer = Omit<Offer, 'stem_price_cents'>;

export interface SeedProductGroup {
  key: string;
  name: string;
  category_key: string;
}

export interface CatalogSeed {
  growers: Grower[];
  varieties: Variety[];
  offers: SeedOffer[];
  productGroups: SeedProductGroup[];
  categories: SeedCategory[];
  colors: SeedColor[];
}
