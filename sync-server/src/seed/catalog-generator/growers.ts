import type { Grower } from '@stemline/shared';
import { COUNTRY_INFO, COUNTRY_ORDER, type Country } from '../reference/countries';
import {
  CO_PLACES,
  CO_PREFIXES,
  CR_PLACES,
  CR_PREFIXES,
  EC_PLACES,
  EC_PREFIXES,
  NL_IMPORTER_PATTERNS,
  NL_PATTERN_BY_GROUP,
  NL_PATTERNS,
  NL_SURNAMES,
  TH_PLACES,
  TH_SUFFIXES,
  US_IMPORTER_PLACES,
  US_IMPORTER_SUFFIXES,
  US_PLACES,
  US_SUFFIX_BY_GROUP,
  US_SUFFIXES,
} from '../reference/grower-names';
import { PRODUCT_GROUPS } from '../reference/product-groups';
import { Random } from '../random';
import { at } from './array-at';
import { apportion, sampleWeighted } from './weighted-picks';

/** A grower before it has a key and a name: what the offers are drawn from. */
export interface GrowerDraft {
  country: Country;
  importer: boolean;
  /** Indexes into PRODUCT_GROUPS of what it grows or sells, ascending. */
  groups: number[];
  /** Relative volume: big farms are picked for more varieties. */
  size: number;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function growerName(rng: Random, draft: GrowerDraft, used: Set<string>): string {
  const primary = PRODUCT_GROUPS[draft.groups[0] ?? 0];
  const candidate = (): string => {
    switch (draft.country) {
      case 'CO':
        return `${rng.pick(CO_PREFIXES)} ${rng.pick(CO_PLACES)}`;
      case 'EC':
        return `${rng.pick(EC_PREFIXES)} ${rng.pick(EC_PLACES)}`;
      case 'CR':
        return `${rng.pick(CR_PREFIXES)} ${rng.pick(CR_PLACES)}`;
      case 'TH':
        return `${rng.pick(TH_PLACES)} ${rng.pick(TH_SUFFIXES)}`;
      case 'NL': {
        const special = primary ? NL_PATTERN_BY_GROUP[primary.key] : undefined;
        const patterns = draft.importer
          ? NL_IMPORTER_PATTERNS
          : special && rng.chance(0.5)
            ? special
            : NL_PATTERNS;
        return capitalize(rng.pick(patterns).replace('{}', rng.pick(NL_SURNAMES)));
      }
      case 'US': {
        if (draft.importer) {
          return `${rng.pick(US_IMPORTER_PLACES)} ${rng.pick(US_IMPORTER_SUFFIXES)}`;
        }
        const special = primary ? US_SUFFIX_BY_GROUP[primary.key] : undefined;
        const suffixes = special && rng.chance(0.6) ? special : US_SUFFIXES;
        return `${rng.pick(US_PLACES)} ${rng.pick(suffixes)}`;
      }
    }
  };
  let name = candidate();
  for (let attempt = 0; attempt < 40 && used.has(name); attempt++) name = candidate();
  if (used.has(name)) {
    const base = name;
    for (let n = 2; used.has(name); n++) name = `${base} ${n}`;
  }
  used.add(name);
  return name;
}

/**
 * The growers of the catalogue, spread over the countries by their share, and each one's draft.
 * Draws from its own random stream ('growers').
 */
export function buildGrowers(
  seed: number,
  total: number,
): { growers: Grower[]; drafts: GrowerDraft[] } {
  const rng = Random.derive(seed, 'growers');
  const counts = apportion(
    total,
    COUNTRY_ORDER.map((c) => COUNTRY_INFO[c].share),
    1,
  );
  const countries: Country[] = [];
  COUNTRY_ORDER.forEach((c, i) => {
    for (let k = 0; k < at(counts, i); k++) countries.push(c);
  });
  rng.shuffle(countries);

  const drafts: GrowerDraft[] = countries.map((country) => {
    const fitting = PRODUCT_GROUPS.map((g) => g.share * (g.countries[country] ?? 0));
    const extra =
      country === 'CO' || country === 'EC' || country === 'US' ? rng.int(0, 2) : rng.int(0, 1);
    const primary = rng.weightedIndex(fitting);
    const rest = fitting.slice();
    rest[primary] = 0;
    const groups = [primary, ...sampleWeighted(rng, rest, extra)];
    return {
      country,
      importer: rng.chance(COUNTRY_INFO[country].importer),
      groups,
      size: 0.5 + rng.next() * 1.5,
    };
  });

  // Every group is sold by at least one grower of each country that supplies a fair share of it.
  PRODUCT_GROUPS.forEach((group, gi) => {
    for (const country of COUNTRY_ORDER) {
      const share = group.countries[country] ?? 0;
      if (share < 0.15 && !(share > 0 && Object.keys(group.countries).length === 1)) continue;
      const ofCountry = drafts.filter((d) => d.country === country);
      if (ofCountry.length === 0 || ofCountry.some((d) => d.groups.includes(gi))) continue;
      let target = at(ofCountry, 0);
      for (const d of ofCountry) if (d.groups.length < target.groups.length) target = d;
      target.groups.push(gi);
    }
  });

  const used = new Set<string>();
  const growers: Grower[] = drafts.map((draft, i) => {
    const info = COUNTRY_INFO[draft.country];
    return {
      key: `gr-${String(i + 1).padStart(3, '0')}`,
      grower_name: growerName(rng, draft, used),
      country_iso: draft.country,
      country_name: info.name,
      importer: draft.importer,
    };
  });
  return { growers, drafts };
}
