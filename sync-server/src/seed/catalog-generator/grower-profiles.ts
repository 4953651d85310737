import { COUNTRY_INFO, COUNTRY_ORDER } from '../reference/countries';
import type { ProductGroupDef } from '../reference/product-group';
import type { Random } from '../random';
import type { GrowerDraft } from './growers';
import { roundToCents } from './round-to-cents';

/** How one grower handles one product group. */
export interface GrowerGroupProfile {
  lengths: number[];
  stemsPerBunch: number;
  bunchesInBox: number;
  /** Quarter boxes instead of half boxes (roses). */
  smallBox: boolean;
  priceFactor: number;
  margin: number;
  freightFactor: number;
  boxCharge: number;
}

/** The supply-weighted price level of a group's countries, so that its prices centre on `price`. */
function marketLevel(group: ProductGroupDef): number {
  let level = 0;
  let share = 0;
  for (const country of COUNTRY_ORDER) {
    const s = group.countries[country] ?? 0;
    level += s * COUNTRY_INFO[country].priceLevel;
    share += s;
  }
  return share > 0 ? level / share : 1;
}

/** How `draft` handles `group`: its lengths, packing and price level. */
export function buildProfile(
  rng: Random,
  draft: GrowerDraft,
  group: ProductGroupDef,
): GrowerGroupProfile {
  const info = COUNTRY_INFO[draft.country];
  const all = group.lengths;
  let lo = 0;
  let hi = all.length - 1;
  if (group.key === 'pg-rose') {
    // Colombian roses run shorter; Ecuadorian farms are known for long stems.
    if (draft.country === 'CO') {
      lo = rng.int(0, 1);
      hi = rng.int(Math.max(lo + 1, 2), 3);
    } else {
      lo = rng.chance(0.6) ? 1 : 0;
      hi = rng.int(Math.max(lo + 2, 3), 4);
    }
  } else if (all.length > 1 && rng.chance(0.4)) {
    lo = rng.int(0, all.length - 1);
    hi = rng.int(lo, all.length - 1);
  }
  return {
    lengths: all.slice(lo, hi + 1),
    stemsPerBunch: rng.pick(group.stemsPerBunch),
    bunchesInBox: rng.pick(group.bunchesInBox),
    smallBox: rng.chance(0.3),
    priceFactor: (info.priceLevel / marketLevel(group)) * (1 + rng.float(-0.6, 0.6) * group.spread),
    margin: rng.int(20, 34) / 100,
    freightFactor: info.freight * rng.float(0.9, 1.1),
    boxCharge: roundToCents(rng.float(info.boxCharge[0], info.boxCharge[1])),
  };
}
