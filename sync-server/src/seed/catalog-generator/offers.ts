import { dollarsToMills, type Grower, type Unit, type Variety } from '@stemline/shared';
import { COUNTRY_INFO, COUNTRY_ORDER } from '../reference/countries';
import { PRODUCT_GROUPS } from '../reference/product-groups';
import { Random } from '../random';
import { at } from './array-at';
import type { SeedOffer } from './catalog-seed';
import { packingDate, type DeliveryWeek } from './delivery-weeks';
import { buildProfile, type GrowerGroupProfile } from './grower-profiles';
import type { GrowerDraft } from './growers';
import { roundToCents } from './round-to-cents';

const UNITS: readonly Unit[] = ['stem', 'bunch', 'bouquet'];

/** A variety's price level: premium, novelty and tinted stems cost more. */
function varietyPriceFactor(rng: Random, variety: Variety): number {
  const tags = variety.tags;
  return (
    (tags.includes('premium') ? 1.06 : 1) *
    (tags.includes('novelty') ? 1.03 : 1) *
    (tags.includes('tinted') ? 1.08 : 1) *
    (1 + rng.float(-0.04, 0.04))
  );
}

/**
 * The price rows of the catalogue: for each variety, one to four growers of its group, each with
 * rows per length and week. Draws from its own random stream ('offers'); inventory keys run
 * week by week.
 */
export function buildOffers(
  seed: number,
  varieties: readonly Variety[],
  growers: readonly Grower[],
  drafts: readonly GrowerDraft[],
  weeks: readonly DeliveryWeek[],
): SeedOffer[] {
  const rng = Random.derive(seed, 'offers');
  const groupIndex = new Map(PRODUCT_GROUPS.map((g, i) => [g.key, i]));
  const G = PRODUCT_GROUPS.length;

  // Profiles for every (grower, group) a grower sells, in grower order.
  const profiles: (GrowerGroupProfile | undefined)[] = new Array<GrowerGroupProfile | undefined>(
    drafts.length * G,
  );
  drafts.forEach((draft, gi) => {
    for (const g of [...draft.groups].sort((a, b) => a - b)) {
      profiles[gi * G + g] = buildProfile(rng, draft, at(PRODUCT_GROUPS, g));
    }
  });

  // Growers of each group by country, so that picking a country first keeps the group's mix.
  const pools = PRODUCT_GROUPS.map((group, g) =>
    COUNTRY_ORDER.map((country) => {
      const members: number[] = [];
      drafts.forEach((d, i) => {
        if (d.country === country && d.groups.includes(g)) members.push(i);
      });
      return { weight: group.countries[country] ?? 0, members };
    }).filter((pool) => pool.members.length > 0),
  );
  /**
   * Up to `wanted` growers of group `g`: the first from a country drawn by the group's supply mix,
   * most others from that same country (a variety tends to be grown where its breeder licensed
   * it). A draw that lands on a country with no grower left is skipped rather than redrawn, so a
   * thin minority of growers never takes over the group.
   */
  const pickGrowers = (g: number, wanted: number): number[] => {
    const byCountry = at(pools, g).map((pool) => ({
      weight: Math.max(pool.weight, 0.02),
      members: pool.members.slice(),
    }));
    const weights = byCountry.map((p) => p.weight);
    const home = rng.weightedIndex(weights);
    const chosen: number[] = [];
    for (let slot = 0; slot < wanted; slot++) {
      const country = slot === 0 || rng.chance(0.8) ? home : rng.weightedIndex(weights);
      const pool = at(byCountry, country);
      if (pool.members.length === 0) continue;
      const k = rng.weightedIndex(pool.members.map((i) => at(drafts, i).size));
      chosen.push(at(pool.members, k));
      pool.members.splice(k, 1);
    }
    return chosen.sort((a, b) => a - b);
  };

  // Packing dates per week and lead time, precomputed.
  const packing = weeks.map((w) => Array.from({ length: 8 }, (_, lead) => packingDate(w, lead)));

  // Rows are collected per week and numbered week by week, so that the rows of one delivery
  // date have neighbouring inventory keys (neighbouring pages of the offers table on disk).
  const byWeek: SeedOffer[][] = weeks.map(() => []);
  const growerCountWeights = [0.28, 0.36, 0.22, 0.14];

  for (const variety of varieties) {
    const g = groupIndex.get(variety.product_group_key);
    if (g === undefined) throw new Error(`Unknown product group ${variety.product_group_key}`);
    const group = at(PRODUCT_GROUPS, g);
    const popular = variety.rank <= 200;
    const wanted = popular ? rng.int(2, 4) : 1 + rng.weightedIndex(growerCountWeights);
    const chosen = pickGrowers(g, wanted);
    const vFactor = varietyPriceFactor(rng, variety);

    for (const gi of chosen) {
      const grower = at(growers, gi);
      const draft = at(drafts, gi);
      const info = COUNTRY_INFO[draft.country];
      const profile = profiles[gi * G + g];
      if (!profile) throw new Error(`Grower ${grower.key} has no profile for ${group.key}`);

      let lengths = profile.lengths.filter(() => rng.chance(0.8));
      if (lengths.length === 0) lengths = [rng.pick(profile.lengths)];
      const uom = at(UNITS, rng.weightedIndex(group.uom));
      const margin = roundToCents(profile.margin + rng.int(-2, 2) / 100);
      const priceFactor = vFactor * profile.priceFactor;
      const spb = profile.stemsPerBunch;
      const mandatoryWeek = rng.int(0, weeks.length - 1);

      for (const length of lengths) {
        let bib = profile.bunchesInBox;
        const byLength = group.bunchesByLength?.[length];
        if (byLength !== undefined) bib = profile.smallBox ? Math.ceil(byLength / 2) : byLength;
        const stemsInBox = bib * spb;
        const units = uom === 'bunch' ? bib : stemsInBox;
        const lengthWeight =
          length > 0 && group.refLength > 0 ? 0.6 + (0.4 * length) / group.refLength : 1;
        const freight = roundToCents(
          group.freightPerStem * profile.freightFactor * lengthWeight * stemsInBox,
        );
        const perUnitBox = (freight + profile.boxCharge) / units;
        const basePerStem = group.price + (group.per10 * (length - group.refLength)) / 10;
        const lo = 1 - group.spread;
        const hi = 1 + group.spread;

        weeks.forEach((week, w) => {
          if (w !== mandatoryWeek && !rng.chance(0.85)) return;
          const factor = Math.min(hi, Math.max(lo, priceFactor * (1 + rng.float(-0.03, 0.03))));
          const perStem = basePerStem * factor;
          const target = uom === 'bunch' ? perStem * spb : perStem;
          const growerPrice = Math.max(
            0.01,
            roundToCents((target / (1 + margin) - perUnitBox) / (1 + info.duty)),
          );
          const openMarket = rng.chance(0.25);
          const roll = rng.next();
          let boxes = roll < 0.05 ? rng.int(1, 2) : 3 + Math.floor(rng.next() * rng.next() * 60);
          if (openMarket) boxes = Math.max(1, Math.ceil(boxes / 2));
          let available = boxes * units;
          if (bib > 1 && rng.chance(0.15)) {
            available += rng.int(1, bib - 1) * (uom === 'bunch' ? 1 : spb);
          }
          const lead = openMarket ? info.lead[1] + 1 : rng.int(info.lead[0], info.lead[1]);
          at(byWeek, w).push({
            inventory_key: 0,
            variety_key: variety.key,
            grower_key: grower.key,
            eta_from: week.from,
            eta_to: week.to,
            length,
            stems_per_bunch: spb,
            bunches_in_box: bib,
            uom,
            packing_date: at(at(packing, w), lead),
            open_market: openMarket,
            available,
            grower_price_mills: dollarsToMills(growerPrice),
            import_duties_tax: info.duty,
            freight_cost_mills: dollarsToMills(freight),
            box_charge_mills: dollarsToMills(profile.boxCharge),
            margin_discount: margin,
          });
        });
      }
    }
  }
  const offers = byWeek.flat();
  offers.forEach((offer, i) => (offer.inventory_key = i + 1));
  return offers;
}
