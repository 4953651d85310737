/**
 * What the catalogue shows around its price rows (spec §3 Disclaimer, §1 "product, grower and
 * disclaimer notes", §9 disclaimers), derived deterministically from the varieties and growers:
 *  - a disclaimer for every colour-altered variety, by the word its name uses (tinted, dyed,
 *    airbrushed), one for anthurium head sizes (by product group), one for peony bud stage,
 *    one for tropicals kept cold (by category) and one for each importer (by grower);
 *  - product notes on some varieties and grower notes on most growers;
 *  - the search synonyms buyers type.
 */
import {
  DEFAULT_SEARCH_TEXT_REPLACEMENTS,
  type Disclaimer,
  type Grower,
  type SearchTextReplacement,
  type Variety,
} from '@stemline/shared';
import { Random } from './random';

export interface CatalogExtras {
  disclaimers: Disclaimer[];
  /** By variety key. */
  productNotes: Map<string, string>;
  /** By grower key. */
  growerNotes: Map<string, string>;
  synonyms: SearchTextReplacement[];
}

type VarietyFacts = Pick<Variety, 'key' | 'name' | 'product_group_key' | 'category_key' | 'tags'>;
type GrowerFacts = Pick<Grower, 'key' | 'country_iso' | 'importer'>;

const NO_MATCH = { product_group: null, variety: null, category: null, grower: null };

const COLOR_ALTERING: readonly { word: string; title: string; description: string }[] = [
  {
    word: 'airbrushed',
    title: 'Airbrushed flowers',
    description:
      'The petals are airbrushed after harvest. Shades and patterns vary from stem to stem, and some colour may rub off when handled.',
  },
  {
    word: 'dyed',
    title: 'Dyed flowers',
    description:
      'This variety is dyed through its stems after harvest. Expect some variation in shade and a little colour in the vase water.',
  },
  {
    word: 'tinted',
    title: 'Tinted flowers',
    description:
      'The colour of this variety is added after harvest. Shades vary from box to box and the tint may transfer to hands, water and containers.',
  },
];

/** The colour-altering word a variety's name uses; 'tinted' when only its tag says so. */
function colorAltering(variety: VarietyFacts): (typeof COLOR_ALTERING)[number] | undefined {
  const words = variety.name.toLowerCase().split(/\s+/);
  const byName = COLOR_ALTERING.find((entry) => words.includes(entry.word));
  if (byName) return byName;
  return variety.tags.includes('tinted')
    ? COLOR_ALTERING.find((entry) => entry.word === 'tinted')
    : undefined;
}

const GROUP_DISCLAIMERS: readonly Disclaimer[] = [
  {
    key: 'disc-anthurium-head-size',
    title: 'Anthurium head size',
    description:
      'Anthurium are graded by head size, the width of the spathe: small 8–10 cm, medium 10–12 cm, large 12–14 cm, extra large 14 cm and up. Heads in one box may vary by one grade.',
    ...NO_MATCH,
    product_group: 'pg-anthurium',
  },
  {
    key: 'disc-peony-bud-stage',
    title: 'Peony bud stage',
    description:
      'Peonies ship in tight bud and open in one to three days at room temperature. Order them at least three days before your event.',
    ...NO_MATCH,
    product_group: 'pg-peony',
  },
  {
    key: 'disc-tropicals-cold',
    title: 'Keep tropicals warm',
    description:
      'Tropical flowers are damaged by cold. Unpack them on arrival and keep them above 55 °F (13 °C), out of the cooler.',
    ...NO_MATCH,
    category: 'cat-tropicals',
  },
];

const IMPORTER_DISCLAIMER = {
  title: 'Importer stock',
  description:
    'This grower is an importer: boxes ship from a US warehouse rather than the farm, and open-market boxes are held in your cart for 30 minutes only.',
};

const NOTES_BY_GROUP: Readonly<Record<string, readonly string[]>> = {
  'pg-rose': [
    'Cut at a tight bud stage; opens fully in three to four days.',
    'Remove guard petals before arranging.',
    'A favourite for weddings: consistent head size across the box.',
  ],
  'pg-garden-rose': [
    'Fragrant and many-petalled; opens wide within two days.',
    'Delicate petals: handle by the stem, never by the head.',
  ],
  'pg-hydrangea': [
    'Hydrate in cool water on arrival; the heads drink too, so mist them.',
    'Each stem is one full head, sleeved for shipping.',
  ],
  'pg-peony': ['Ships in bud; allow one to three days to open.'],
  'pg-tulip': ['Keeps growing in the vase: trim and arrange last.'],
  'pg-ranunculus': ['Long vase life when kept cool; stems are hollow, handle gently.'],
  'pg-calla': ['Store flat and cool; stems bend toward light.'],
  'pg-gypsophila': ['Bunches of about 25 stems; a little goes a long way in a design.'],
  'pg-anthurium': ['Each stem is packed with its own water tube.'],
  'pg-dendrobium': ['Sprays of eight to twelve blooms; keep above 55 °F.'],
  'pg-mokara': ['Long-lasting sprays; keep above 55 °F.'],
  'pg-greens': ['Long-lasting foliage; rehydrate overnight before use.'],
};
const NOTES_BY_TAG: Readonly<Record<string, string>> = {
  novelty: 'New this season: limited supply while the farm scales up.',
  premium: 'Premium grade: the longest stems and largest heads of the harvest.',
  fragrant: 'Noticeably fragrant.',
  'long-lasting': 'Vase life of two weeks or more with fresh water.',
};

const CERTIFICATIONS: Readonly<Record<Grower['country_iso'], readonly string[]>> = {
  CO: ['Florverde Sustainable Flowers certified.', 'Rainforest Alliance certified.'],
  CR: ['Rainforest Alliance certified.'],
  EC: [
    'Flor de Ecuador certified; grown at over 2,800 m for large heads and long stems.',
    'Fairtrade certified.',
    'Rainforest Alliance certified.',
  ],
  NL: ['MPS-A certified.', 'MPS-A certified; auction-graded at Aalsmeer.'],
  TH: ['GAP certified orchid nursery.'],
  US: ['Grown in California; ships by truck, no air freight.', 'Family farm since 1962.'],
};
const SHIPPING_NOTES: readonly string[] = [
  'Ships Monday, Wednesday and Friday.',
  'Ships daily except Sunday.',
  'Cut to order: packed the day before departure.',
  'Boxes are hydrated and sleeved at the farm.',
];

/** Derives the extras; the same inputs and seed give the same output. */
export function buildCatalogExtras(
  seed: number,
  varieties: readonly VarietyFacts[],
  growers: readonly GrowerFacts[],
): CatalogExtras {
  const rng = Random.derive(seed, 'catalog-extras');
  const disclaimers: Disclaimer[] = [...GROUP_DISCLAIMERS];
  const productNotes = new Map<string, string>();
  for (const variety of varieties) {
    const altering = colorAltering(variety);
    if (altering) {
      disclaimers.push({
        key: `disc-${altering.word}-${variety.key}`,
        title: altering.title,
        description: altering.description,
        ...NO_MATCH,
        variety: variety.key,
      });
    }
    const tagNote = variety.tags.map((tag) => NOTES_BY_TAG[tag]).find(Boolean);
    const groupNotes = NOTES_BY_GROUP[variety.product_group_key];
    const roll = rng.next();
    if (tagNote && roll < 0.5) productNotes.set(variety.key, tagNote);
    else if (groupNotes && roll < 0.3) productNotes.set(variety.key, rng.pick(groupNotes));
  }

  const growerNotes = new Map<string, string>();
  for (const grower of growers) {
    if (grower.importer) {
      disclaimers.push({
        key: `disc-importer-${grower.key}`,
        ...IMPORTER_DISCLAIMER,
        ...NO_MATCH,
        grower: grower.key,
      });
    }
    const roll = rng.next();
    if (roll < 0.45) growerNotes.set(grower.key, rng.pick(CERTIFICATIONS[grower.country_iso]));
    else if (roll < 0.75) growerNotes.set(grower.key, rng.pick(SHIPPING_NOTES));
  }
  return {
    disclaimers,
    productNotes,
    growerNotes,
    synonyms: [...DEFAULT_SEARCH_TEXT_REPLACEMENTS],
  };
}
