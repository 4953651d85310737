import type { ColorId } from './colors';
import type { Country } from './countries';
import type { Vocabulary } from './variety-names';

/** A well-known variety of a group: its name, colour and the tags it always has. */
export type Named = readonly [name: string, color: ColorId, tags?: readonly string[]];

/** How one product group is grown, packed, priced and named. */
export interface ProductGroupDef {
  key: string;
  name: string;
  category: string;
  /** Share of the variety catalog. */
  share: number;
  /** Where it comes from: share of this group's supply per country. */
  countries: Partial<Record<Country, number>>;
  /** Lengths in cm, or [0] when length does not apply. */
  lengths: readonly number[];
  /** Landed price per stem at `refLength`, USD. */
  price: number;
  refLength: number;
  /** Price step per 10 cm above or below `refLength`. */
  per10: number;
  /** Landed prices stay within ± this fraction of the length's price. */
  spread: number;
  /** Air freight per stem of a box, before the country factor, USD. */
  freightPerStem: number;
  stemsPerBunch: readonly number[];
  bunchesInBox: readonly number[];
  /** Full (half-box) bunches in box per length, overriding `bunchesInBox` (roses). */
  bunchesByLength?: Readonly<Record<number, number>>;
  /** Weights of the units stem, bunch, bouquet. */
  uom: readonly [number, number, number];
  palette: readonly (readonly [ColorId, number])[];
  named: readonly Named[];
  /** Probabilities of the generated tags (wedding applies fully to wedding colours only). */
  tags: {
    wedding?: number;
    premium?: number;
    fragrant?: number;
    longLasting?: number;
    novelty?: number;
    tinted?: number;
  };
  /** How long-tail varieties are named; '<Adjective> <Noun>' by default. */
  vocabulary?: Vocabulary;
}
