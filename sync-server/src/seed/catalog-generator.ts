/**
 * Deterministic catalog seed for the Stemline marketplace (spec §3 Variety, Grower, per-grower
 * price row; spec §9 countries, units, default rank).
 *
 * `generateCatalog()` builds categories, product groups, colours, growers, varieties and offers
 * (per-grower price rows without the computed `stem_price`) from a seed alone: the same seed and
 * options give byte-identical output. Growers, varieties and offers each draw from their own
 * random stream, so e.g. asking for more weeks changes the offers but not the varieties.
 *
 * Price rows are tuned so that `stemPrice()` from @stemline/shared lands in believable wholesale
 * bands (a 60 cm rose about $1.60 a stem, a carnation $0.50–0.75, a hydrangea about $3.30): each
 * row picks a landed target price, then its freight, box charge, duties and margin, and solves
 * the grower price from those.
 */
import type { Grower, Offer, Unit, Variety } from '@stemline/shared';
import { DEFAULT_SORT_RANK } from '@stemline/shared';
import { Random } from './random';

type Country = Grower['country_iso'];

/** A per-grower price row as seeded: everything but the computed `stem_price`. */
export type SeedOffer = Omit<Offer, 'stem_price'>;

export interface SeedProductGroup {
  key: string;
  name: string;
  category_key: string;
}

export interface SeedCategory {
  key: string;
  name: string;
}

export interface SeedColor {
  key: string;
  name: string;
  color_code: string;
}

export interface CatalogSeed {
  growers: Grower[];
  varieties: Variety[];
  offers: SeedOffer[];
  productGroups: SeedProductGroup[];
  categories: SeedCategory[];
  colors: SeedColor[];
}

export interface CatalogOptions {
  /** Any 32-bit integer; defaults to DEFAULT_CATALOG_SEED. */
  seed?: number;
  /** How many varieties (products); at least 1. */
  varieties: number;
  /** How many growers; at least 6 (one per country of spec §9). */
  growers: number;
  /**
   * First delivery date, yyyyMMdd. Rows cover `weeks` Monday–Friday windows starting with the
   * week that contains this date (the next week when it falls on a weekend); no window starts
   * before it.
   */
  firstEtaDate: number;
  /** How many delivery weeks; at least 1. */
  weeks: number;
}

export const DEFAULT_CATALOG_SEED = 20_260_214;

// ---------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------

const CATEGORIES: readonly SeedCategory[] = [
  { key: 'cat-roses', name: 'Roses' },
  { key: 'cat-carnations', name: 'Carnations' },
  { key: 'cat-mums', name: 'Mums & Pompons' },
  { key: 'cat-specialty', name: 'Specialty Flowers' },
  { key: 'cat-seasonal', name: 'Seasonal' },
  { key: 'cat-tropicals', name: 'Tropicals' },
  { key: 'cat-orchids', name: 'Orchids' },
  { key: 'cat-filler', name: 'Filler' },
  { key: 'cat-greens', name: 'Greens' },
];

const COLORS: readonly SeedColor[] = [
  { key: 'col-red', name: 'Red', color_code: '#C8102E' },
  { key: 'col-burgundy', name: 'Burgundy', color_code: '#7B1E3A' },
  { key: 'col-hot-pink', name: 'Hot Pink', color_code: '#E8318A' },
  { key: 'col-pink', name: 'Pink', color_code: '#F29CB7' },
  { key: 'col-blush', name: 'Blush', color_code: '#F6D3D6' },
  { key: 'col-white', name: 'White', color_code: '#FBFAF5' },
  { key: 'col-cream', name: 'Cream', color_code: '#F3E9CF' },
  { key: 'col-yellow', name: 'Yellow', color_code: '#F7D038' },
  { key: 'col-orange', name: 'Orange', color_code: '#F08A24' },
  { key: 'col-peach', name: 'Peach', color_code: '#F9B98E' },
  { key: 'col-coral', name: 'Coral', color_code: '#F2735F' },
  { key: 'col-lavender', name: 'Lavender', color_code: '#B7A2D6' },
  { key: 'col-purple', name: 'Purple', color_code: '#6B3FA0' },
  { key: 'col-blue', name: 'Blue', color_code: '#4F74C4' },
  { key: 'col-green', name: 'Green', color_code: '#8CB369' },
  { key: 'col-bicolor', name: 'Bicolor', color_code: '#D45D79' },
];

type ColorId =
  | 'red'
  | 'burgundy'
  | 'hot-pink'
  | 'pink'
  | 'blush'
  | 'white'
  | 'cream'
  | 'yellow'
  | 'orange'
  | 'peach'
  | 'coral'
  | 'lavender'
  | 'purple'
  | 'blue'
  | 'green'
  | 'bicolor';

/** Colours brides ask for: these get the 'wedding' tag far more often. */
const WEDDING_COLORS: ReadonlySet<ColorId> = new Set([
  'white',
  'cream',
  'blush',
  'pink',
  'peach',
  'lavender',
]);
/** Colours a tinted (dyed, airbrushed) variety comes in. */
const TINT_COLORS: readonly ColorId[] = [
  'blue',
  'purple',
  'hot-pink',
  'orange',
  'yellow',
  'lavender',
  'bicolor',
];
const TINT_WORDS: readonly string[] = ['Tinted', 'Tinted', 'Tinted', 'Dyed', 'Airbrushed'];

interface CountryInfo {
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

const COUNTRY_ORDER: readonly Country[] = ['CO', 'CR', 'EC', 'NL', 'TH', 'US'];
const COUNTRY_INFO: Readonly<Record<Country, CountryInfo>> = {
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

type Named = readonly [name: string, color: ColorId, tags?: readonly string[]];

interface GroupDef {
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

const ROSE_PALETTE: GroupDef['palette'] = [
  ['red', 18],
  ['white', 12],
  ['pink', 12],
  ['hot-pink', 8],
  ['cream', 6],
  ['yellow', 7],
  ['orange', 6],
  ['peach', 6],
  ['coral', 4],
  ['lavender', 5],
  ['purple', 2],
  ['burgundy', 4],
  ['blush', 6],
  ['bicolor', 6],
  ['green', 1],
];
const MUM_PALETTE: GroupDef['palette'] = [
  ['white', 10],
  ['yellow', 8],
  ['green', 6],
  ['lavender', 5],
  ['pink', 6],
  ['bicolor', 4],
  ['orange', 3],
  ['burgundy', 4],
  ['purple', 3],
  ['cream', 3],
  ['red', 2],
];
const CARNATION_PALETTE: GroupDef['palette'] = [
  ['red', 10],
  ['white', 10],
  ['pink', 10],
  ['hot-pink', 6],
  ['yellow', 5],
  ['orange', 5],
  ['peach', 5],
  ['burgundy', 6],
  ['lavender', 3],
  ['green', 3],
  ['cream', 5],
  ['bicolor', 8],
  ['purple', 3],
  ['coral', 3],
];

/**
 * Greens are named by kind (eucalyptus, ruscus, fern, ...) with the qualifiers each kind really
 * comes with, and graded rather than given fancy names once those run out.
 */
const GREENS_VOCABULARY: Vocabulary = {
  families: [
    {
      adjectives: [
        'Silver Dollar',
        'Seeded',
        'Baby Blue',
        'Gunnii',
        'Parvifolia',
        'Willow',
        'Spiral',
        'Nicoly',
        'Cinerea',
        'Populus',
        'Round Leaf',
        'Feather',
        'Tasmanian',
        'Lemon',
        'Coastal',
        'Silver Drop',
      ],
      nouns: ['Eucalyptus'],
    },
    {
      adjectives: ['Italian', 'Israeli', 'Soft', 'Florida', 'Hard', 'Tall', 'Baby', 'Emerald'],
      nouns: ['Ruscus'],
    },
    {
      adjectives: [
        'Leatherleaf',
        'Tree',
        'Sword',
        'Boston',
        'Ming',
        'Sprengeri',
        'Coffee',
        'Emerald',
        'Maidenhair',
        'Umbrella',
        'Plumosa',
      ],
      nouns: ['Fern'],
    },
    {
      adjectives: [
        'Variegated',
        'Green',
        'Nigra',
        'Silver Sheen',
        'Golden',
        'Tenuifolium',
        'Dwarf',
      ],
      nouns: ['Pittosporum'],
    },
    {
      adjectives: ['Oregon', 'Washington', 'Coastal', 'Mountain'],
      nouns: ['Salal', 'Huckleberry'],
    },
    { adjectives: ['Variegated', 'Tall', 'Milky Way', 'Green'], nouns: ['Aspidistra'] },
    { adjectives: ['Variegated', 'English', 'Berried', 'Trailing'], nouns: ['Ivy'] },
    { adjectives: ['Variegated', 'Greek', 'Dwarf', 'Common'], nouns: ['Myrtle'] },
    {
      adjectives: [
        'Magnolia',
        'Camellia',
        'Olive',
        'Galax',
        'Ti',
        'Monstera',
        'Banana',
        'Palm',
        'Pistache',
        'Cedar',
        'Bay',
      ],
      nouns: ['Leaves', 'Branches'],
    },
  ],
  suffixes: ['Select', 'Premium', 'Fancy', 'Jumbo', 'Extra Long', 'Bulk', 'Mini', 'Tips'],
  colorWords: false,
};

interface Vocabulary {
  /** Each family combines each of its adjectives with each of its nouns. */
  families: readonly { adjectives: readonly string[]; nouns: readonly string[] }[];
  /** Appended to a name once the plain combinations are used up. */
  suffixes: readonly string[];
  /** Whether adjectives that name a colour must fit the variety's colour. */
  colorWords: boolean;
}

const ADJECTIVES: readonly string[] = [
  'Sweet',
  'Royal',
  'Golden',
  'Wild',
  'Silver',
  'Velvet',
  'Secret',
  'Grand',
  'Little',
  'Bright',
  'Crystal',
  'Summer',
  'Winter',
  'Spring',
  'Autumn',
  'Morning',
  'Evening',
  'Midnight',
  'Scarlet',
  'Ivory',
  'Pearl',
  'Coral',
  'Amber',
  'Ruby',
  'Blush',
  'Misty',
  'Sunny',
  'Happy',
  'Lucky',
  'Magic',
  'Mystic',
  'Noble',
  'Pure',
  'Rare',
  'Radiant',
  'Gentle',
  'Tender',
  'Classic',
  'Vintage',
  'Antique',
  'Fancy',
  'Lovely',
  'Dreamy',
  'Bold',
  'Brave',
  'Silent',
  'Tropical',
  'Alpine',
  'Andean',
  'Pacific',
  'Atlantic',
  'Northern',
  'Southern',
  'Eternal',
  'Infinite',
  'Precious',
  'Candy',
  'Sugar',
  'Honey',
  'Cherry',
  'Peachy',
  'Lemon',
  'Lime',
  'Mango',
  'Vanilla',
  'Cinnamon',
  'Jade',
  'Sapphire',
  'Emerald',
  'Opal',
  'Blue',
  'Pink',
  'Red',
  'White',
  'Cream',
  'Hot',
  'Sunset',
  'Country',
  'Free',
  'Prima',
];
const NOUNS: readonly string[] = [
  'Dream',
  'Star',
  'Kiss',
  'Heart',
  'Queen',
  'Princess',
  'Prince',
  'Lady',
  'Bride',
  'Angel',
  'Spirit',
  'Song',
  'Dance',
  'Waltz',
  'Melody',
  'Harmony',
  'Symphony',
  'Wave',
  'Ocean',
  'River',
  'Lake',
  'Valley',
  'Mountain',
  'Sky',
  'Cloud',
  'Rain',
  'Breeze',
  'Storm',
  'Flame',
  'Fire',
  'Sun',
  'Moon',
  'Dawn',
  'Dusk',
  'Light',
  'Glow',
  'Shine',
  'Charm',
  'Grace',
  'Beauty',
  'Blossom',
  'Bloom',
  'Petal',
  'Garden',
  'Meadow',
  'Paradise',
  'Treasure',
  'Jewel',
  'Crown',
  'Diamond',
  'Pearl',
  'Velvet',
  'Silk',
  'Lace',
  'Ribbon',
  'Romance',
  'Passion',
  'Desire',
  'Delight',
  'Wonder',
  'Magic',
  'Secret',
  'Promise',
  'Memory',
  'Legacy',
  'Legend',
  'Fantasy',
  'Illusion',
  'Mirage',
  'Horizon',
  'Explorer',
  'Voyage',
  'Journey',
  'Escape',
  'Carnival',
  'Fiesta',
  'Samba',
  'Tango',
  'Bolero',
  'Cascade',
];
/** Adjectives that name a colour fit only varieties of these colours. */
const COLOR_WORDS: Readonly<Record<string, readonly ColorId[]>> = {
  Scarlet: ['red'],
  Ruby: ['red', 'burgundy'],
  Red: ['red'],
  Cherry: ['red', 'burgundy', 'hot-pink'],
  Blush: ['blush', 'pink'],
  Pink: ['pink', 'hot-pink', 'blush'],
  Hot: ['hot-pink', 'red', 'orange'],
  White: ['white'],
  Ivory: ['white', 'cream'],
  Cream: ['cream', 'white'],
  Vanilla: ['cream', 'white'],
  Golden: ['yellow', 'orange'],
  Lemon: ['yellow', 'green'],
  Lime: ['green', 'yellow'],
  Jade: ['green'],
  Emerald: ['green'],
  Mango: ['orange', 'peach', 'yellow'],
  Peachy: ['peach', 'coral'],
  Coral: ['coral', 'peach'],
  Amber: ['orange', 'yellow', 'peach'],
  Honey: ['yellow', 'peach', 'cream'],
  Cinnamon: ['orange', 'burgundy', 'peach'],
  Sapphire: ['blue', 'purple', 'lavender'],
  Blue: ['blue', 'lavender', 'purple'],
  Sunset: ['orange', 'coral', 'peach', 'bicolor', 'yellow'],
  Midnight: ['burgundy', 'purple', 'blue', 'red'],
  Silver: ['white', 'lavender', 'cream', 'blue'],
};

const NAME_SUFFIXES: readonly string[] = [
  'Supreme',
  'Select',
  'Classic',
  'Plus',
  'Deluxe',
  'Premier',
  'Nova',
  'Grande',
];

const DEFAULT_VOCABULARY: Vocabulary = {
  families: [{ adjectives: ADJECTIVES, nouns: NOUNS }],
  suffixes: NAME_SUFFIXES,
  colorWords: true,
};

const GROUPS: readonly GroupDef[] = [
  {
    key: 'pg-rose',
    name: 'Roses',
    category: 'cat-roses',
    share: 0.28,
    countries: { EC: 0.78, CO: 0.22 },
    lengths: [40, 50, 60, 70, 80],
    price: 1.6,
    refLength: 60,
    per10: 0.25,
    spread: 0.15,
    freightPerStem: 0.12,
    stemsPerBunch: [25],
    bunchesInBox: [10],
    bunchesByLength: { 40: 12, 50: 12, 60: 10, 70: 8, 80: 8 },
    uom: [0.93, 0.07, 0],
    palette: ROSE_PALETTE,
    named: [
      ['Freedom', 'red', ['premium']],
      ['Explorer', 'red', ['premium']],
      ['Playa Blanca', 'white'],
      ['Mondial', 'white', ['premium']],
      ['Pink Floyd', 'hot-pink'],
      ['Vendela', 'cream'],
      ['Hearts', 'red'],
      ['Forever Young', 'red'],
      ['Pink Mondial', 'pink'],
      ['Sweetness', 'bicolor'],
      ['Deep Purple', 'purple'],
      ['Ocean Song', 'lavender'],
      ['Brighton', 'yellow'],
      ['High & Yellow', 'yellow'],
      ['Orange Crush', 'orange'],
      ['Shimmer', 'peach'],
      ['Free Spirit', 'coral', ['premium']],
      ['Tibet', 'white'],
      ['Polar Star', 'white'],
      ['Topaz', 'hot-pink'],
      ['Hot Explorer', 'hot-pink'],
      ['Sweet Unique', 'pink'],
      ['Engagement', 'pink'],
      ['Tiffany', 'blush'],
      ['Nena', 'blush'],
      ['Moody Blues', 'lavender'],
      ['Country Blues', 'lavender'],
      ['Momentum', 'yellow'],
      ['Tara', 'yellow'],
      ['Nina', 'orange'],
      ['Amsterdam', 'orange'],
      ['Coral Reef', 'coral'],
      ['Sahara', 'cream'],
      ['Quicksand', 'peach', ['premium']],
      ['Cherry Brandy', 'bicolor'],
      ['Iguazu', 'bicolor'],
      ['Black Baccara', 'burgundy', ['premium']],
      ['Red Naomi', 'red', ['premium']],
      ['Rhodos', 'red'],
      ['Candlelight', 'yellow'],
      ['Jade', 'green'],
      ['Super Green', 'green'],
      ['Hot Merengue', 'hot-pink'],
      ['Mother of Pearl', 'blush'],
      ['White Chocolate', 'cream'],
    ],
    tags: { wedding: 0.55, premium: 0.1, fragrant: 0.06, novelty: 0.08, tinted: 0.04 },
  },
  {
    key: 'pg-spray-rose',
    name: 'Spray Roses',
    category: 'cat-roses',
    share: 0.06,
    countries: { EC: 0.65, CO: 0.35 },
    lengths: [40, 50, 60],
    price: 1.05,
    refLength: 50,
    per10: 0.12,
    spread: 0.15,
    freightPerStem: 0.1,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12, 15],
    uom: [0.8, 0.15, 0.05],
    palette: [
      ['red', 8],
      ['white', 10],
      ['pink', 12],
      ['hot-pink', 8],
      ['yellow', 8],
      ['orange', 6],
      ['peach', 6],
      ['lavender', 5],
      ['cream', 4],
      ['bicolor', 8],
      ['coral', 3],
      ['blush', 5],
    ],
    named: [
      ['Mikado', 'red'],
      ['Snowflake', 'white'],
      ['Lovely Lydia', 'hot-pink'],
      ['Majolica', 'bicolor'],
      ['Yellow Babe', 'yellow'],
      ['White Majolica', 'white'],
      ['Rubicon', 'red'],
      ['Orange Babe', 'orange'],
      ['Lady Bombastic', 'blush', ['fragrant']],
      ['Pink Sensation', 'pink'],
      ['Lavender Sensation', 'lavender'],
      ['Tamango', 'red'],
    ],
    tags: { wedding: 0.5, fragrant: 0.1, novelty: 0.08 },
  },
  {
    key: 'pg-garden-rose',
    name: 'Garden Roses',
    category: 'cat-roses',
    share: 0.04,
    countries: { EC: 0.6, CO: 0.4 },
    lengths: [40, 50, 60],
    price: 3.1,
    refLength: 50,
    per10: 0.3,
    spread: 0.15,
    freightPerStem: 0.16,
    stemsPerBunch: [12],
    bunchesInBox: [4, 6, 8],
    uom: [0.85, 0.05, 0.1],
    palette: [
      ['white', 10],
      ['cream', 8],
      ['blush', 10],
      ['pink', 10],
      ['peach', 10],
      ['coral', 5],
      ['red', 6],
      ['burgundy', 4],
      ['lavender', 4],
      ['yellow', 3],
      ['bicolor', 4],
    ],
    named: [
      ['Juliet', 'peach', ['premium', 'fragrant']],
      ['Patience', 'white', ['fragrant']],
      ['Keira', 'pink', ['premium']],
      ["O'Hara", 'pink', ['fragrant']],
      ['Red Piano', 'red'],
      ['Pink Piano', 'pink'],
      ['Country Home', 'pink'],
      ['Miranda', 'pink', ['fragrant']],
      ['Capriccio', 'bicolor'],
      ['Alabaster', 'white'],
      ["Mayra's Peach", 'peach'],
      ["Mayra's Red", 'red'],
      ["Mayra's Bridal White", 'white', ['premium']],
      ['Romantic Antike', 'bicolor'],
      ['Wedding Spirit', 'white'],
      ['Tess', 'red', ['fragrant']],
      ['Darcey', 'burgundy', ['fragrant']],
      ['Beatrice', 'peach'],
      ['Yves Piaget', 'hot-pink', ['fragrant']],
    ],
    tags: { wedding: 0.8, premium: 0.45, fragrant: 0.55 },
  },
  {
    key: 'pg-carnation',
    name: 'Carnations',
    category: 'cat-carnations',
    share: 0.07,
    countries: { CO: 0.9, EC: 0.1 },
    lengths: [50, 60, 70],
    price: 0.62,
    refLength: 60,
    per10: 0.07,
    spread: 0.07,
    freightPerStem: 0.06,
    stemsPerBunch: [20],
    bunchesInBox: [10, 12, 15],
    uom: [0.85, 0.15, 0],
    palette: CARNATION_PALETTE,
    named: [
      ['Moonlight', 'white'],
      ['Don Pedro', 'red'],
      ['Polar Route', 'white'],
      ['Komachi', 'pink'],
      ['Hermes Orange', 'orange'],
      ['Nobbio Burgundy', 'burgundy'],
      ['Zurigo', 'cream'],
      ['Master', 'red'],
      ['Antigua', 'bicolor'],
      ['Prado Mint', 'green'],
      ['Moonvista', 'purple', ['novelty']],
      ['Moonaqua', 'lavender', ['novelty']],
      ['Brut', 'burgundy'],
      ['Baltico', 'white'],
      ['Lege Pink', 'pink'],
      ['Golden Sun', 'yellow'],
      ['Cherry Tessino', 'bicolor'],
    ],
    tags: { wedding: 0.3, longLasting: 0.6, novelty: 0.05, tinted: 0.05 },
  },
  {
    key: 'pg-mini-carnation',
    name: 'Mini Carnations',
    category: 'cat-carnations',
    share: 0.04,
    countries: { CO: 0.92, EC: 0.08 },
    lengths: [60, 70],
    price: 0.52,
    refLength: 60,
    per10: 0.05,
    spread: 0.1,
    freightPerStem: 0.06,
    stemsPerBunch: [10],
    bunchesInBox: [20, 25, 30],
    uom: [0.4, 0.6, 0],
    palette: CARNATION_PALETTE,
    named: [
      ['Snow Tessino', 'white'],
      ['Red Barbara', 'red'],
      ['Pink Kiss', 'pink'],
      ['Purple Rain', 'purple'],
      ['Lemon Mini', 'yellow'],
      ['Orange Blush', 'orange'],
      ['Green Trick', 'green', ['novelty']],
      ['Rosy Tessino', 'hot-pink'],
    ],
    tags: { wedding: 0.25, longLasting: 0.6, novelty: 0.05, tinted: 0.05 },
  },
  {
    key: 'pg-alstroemeria',
    name: 'Alstroemeria',
    category: 'cat-specialty',
    share: 0.04,
    countries: { CO: 0.9, EC: 0.1 },
    lengths: [60, 70, 80],
    price: 0.68,
    refLength: 70,
    per10: 0.06,
    spread: 0.12,
    freightPerStem: 0.07,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12, 15],
    uom: [0.6, 0.4, 0],
    palette: [
      ['white', 8],
      ['pink', 8],
      ['red', 6],
      ['yellow', 6],
      ['orange', 6],
      ['lavender', 6],
      ['purple', 5],
      ['hot-pink', 4],
      ['peach', 4],
      ['bicolor', 4],
      ['cream', 3],
    ],
    named: [
      ['Virginia', 'white'],
      ['Whistler', 'bicolor'],
      ['Himalaya', 'white'],
      ['Primadonna', 'lavender'],
      ['Nora', 'pink'],
      ['Amarone', 'burgundy'],
      ['Fuego', 'red'],
      ['Atlanta', 'yellow'],
      ['Tiger', 'orange'],
    ],
    tags: { wedding: 0.3, longLasting: 0.8 },
  },
  {
    key: 'pg-hydrangea',
    name: 'Hydrangea',
    category: 'cat-specialty',
    share: 0.03,
    countries: { CO: 0.85, NL: 0.15 },
    lengths: [0],
    price: 3.3,
    refLength: 0,
    per10: 0,
    spread: 0.1,
    freightPerStem: 0.65,
    stemsPerBunch: [10],
    bunchesInBox: [3, 4],
    uom: [1, 0, 0],
    palette: [
      ['white', 20],
      ['blue', 12],
      ['pink', 8],
      ['green', 8],
      ['lavender', 6],
      ['purple', 4],
      ['burgundy', 3],
      ['bicolor', 2],
    ],
    named: [
      ['Select White', 'white'],
      ['Premium Blue', 'blue', ['premium']],
      ['Antique Green', 'green'],
      ['Jumbo White', 'white', ['premium']],
      ['Shocking Blue', 'blue'],
      ['Magical Noblesse', 'bicolor'],
      ['Verena', 'white'],
      ['Rodeo', 'burgundy'],
      ['Light Pink', 'pink'],
    ],
    tags: { wedding: 0.7, premium: 0.15, tinted: 0.06 },
  },
  {
    key: 'pg-disbud-mum',
    name: 'Disbud Mums',
    category: 'cat-mums',
    share: 0.04,
    countries: { CO: 0.9, EC: 0.1 },
    lengths: [70, 80],
    price: 0.95,
    refLength: 70,
    per10: 0.08,
    spread: 0.12,
    freightPerStem: 0.12,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12],
    uom: [0.75, 0.25, 0],
    palette: MUM_PALETTE,
    named: [
      ['Zembla', 'white'],
      ['Anastasia Green', 'green'],
      ['Zembla Lime', 'green'],
      ['Anastasia Lilac', 'lavender'],
      ['Tom Pearce', 'orange'],
      ['Ping Pong Pink', 'pink'],
      ['Spider White', 'white'],
      ['Magnum Yellow', 'yellow'],
    ],
    tags: { wedding: 0.2, longLasting: 0.7, novelty: 0.06, tinted: 0.04 },
  },
  {
    key: 'pg-pompon',
    name: 'Pompons',
    category: 'cat-mums',
    share: 0.06,
    countries: { CO: 0.95, EC: 0.05 },
    lengths: [70],
    price: 0.7,
    refLength: 70,
    per10: 0,
    spread: 0.12,
    freightPerStem: 0.09,
    stemsPerBunch: [10],
    bunchesInBox: [15, 20],
    uom: [0.3, 0.7, 0],
    palette: MUM_PALETTE,
    named: [
      ['Kermit', 'green'],
      ['Feeling Green', 'green'],
      ['Baltica', 'white'],
      ['Reagan White', 'white'],
      ['Reagan Sunny', 'yellow'],
      ['Rossano', 'pink'],
      ['Yoko Ono', 'green'],
      ['Dante Purple', 'purple'],
      ['Bonita', 'bicolor'],
    ],
    tags: { wedding: 0.15, longLasting: 0.7, novelty: 0.08, tinted: 0.05 },
  },
  {
    key: 'pg-gypsophila',
    name: 'Gypsophila',
    category: 'cat-filler',
    share: 0.015,
    countries: { EC: 0.6, CO: 0.4 },
    lengths: [70, 80],
    price: 0.72,
    refLength: 70,
    per10: 0.08,
    spread: 0.12,
    freightPerStem: 0.1,
    stemsPerBunch: [10],
    bunchesInBox: [12, 15, 20],
    uom: [0.1, 0.9, 0],
    palette: [
      ['white', 30],
      ['blush', 3],
    ],
    named: [
      ['Million Star', 'white'],
      ['Xlence', 'white', ['premium']],
      ['Tinted Blue', 'blue', ['tinted']],
      ['Overtime', 'white'],
      ['Mirabella', 'blush'],
      ['Tinted Pink', 'hot-pink', ['tinted']],
      ['Tinted Purple', 'purple', ['tinted']],
    ],
    tags: { wedding: 0.9, tinted: 0.25 },
  },
  {
    key: 'pg-tulip',
    name: 'Tulips',
    category: 'cat-seasonal',
    share: 0.05,
    countries: { NL: 0.85, US: 0.15 },
    lengths: [40, 50],
    price: 0.85,
    refLength: 40,
    per10: 0.12,
    spread: 0.15,
    freightPerStem: 0.12,
    stemsPerBunch: [10],
    bunchesInBox: [10, 15],
    uom: [0.7, 0.3, 0],
    palette: [
      ['red', 10],
      ['white', 8],
      ['yellow', 8],
      ['pink', 10],
      ['purple', 6],
      ['orange', 6],
      ['lavender', 4],
      ['bicolor', 6],
      ['hot-pink', 4],
      ['burgundy', 3],
      ['cream', 3],
      ['peach', 2],
    ],
    named: [
      ['Strong Gold', 'yellow'],
      ['Leen van der Mark', 'bicolor'],
      ['Ile de France', 'red'],
      ['Purple Prince', 'purple'],
      ['White Dream', 'white'],
      ['Dynasty', 'pink'],
      ['Columbus', 'bicolor', ['premium']],
      ['Orange Princess', 'orange'],
      ['Queen of Night', 'burgundy'],
      ['Angelique', 'blush', ['premium']],
      ['Foxtrot', 'pink'],
      ['Barcelona', 'hot-pink'],
      ['Royal Virgin', 'white'],
      ['Flaming Parrot', 'bicolor', ['novelty']],
    ],
    tags: { wedding: 0.4, premium: 0.08, novelty: 0.08 },
  },
  {
    key: 'pg-peony',
    name: 'Peonies',
    category: 'cat-seasonal',
    share: 0.025,
    countries: { NL: 0.6, US: 0.4 },
    lengths: [50, 60],
    price: 3.2,
    refLength: 50,
    per10: 0.25,
    spread: 0.15,
    freightPerStem: 0.3,
    stemsPerBunch: [10],
    bunchesInBox: [5, 8],
    uom: [0.8, 0.15, 0.05],
    palette: [
      ['pink', 12],
      ['white', 8],
      ['blush', 10],
      ['coral', 6],
      ['red', 5],
      ['burgundy', 4],
      ['hot-pink', 4],
      ['cream', 2],
      ['yellow', 1],
    ],
    named: [
      ['Sarah Bernhardt', 'pink', ['fragrant']],
      ['Coral Charm', 'coral', ['premium']],
      ['Duchesse de Nemours', 'white', ['fragrant']],
      ['Red Charm', 'red', ['premium']],
      ['Festiva Maxima', 'white', ['fragrant']],
      ['Shirley Temple', 'blush', ['fragrant']],
      ['Karl Rosenfield', 'burgundy'],
      ['Bowl of Beauty', 'hot-pink'],
      ['Coral Sunset', 'coral', ['premium']],
      ['Dr. Alexander Fleming', 'pink', ['fragrant']],
      ['Kansas', 'hot-pink'],
      ['Pink Hawaiian Coral', 'coral'],
    ],
    tags: { wedding: 0.85, premium: 0.3, fragrant: 0.65 },
  },
  {
    key: 'pg-ranunculus',
    name: 'Ranunculus',
    category: 'cat-seasonal',
    share: 0.02,
    countries: { NL: 0.8, US: 0.2 },
    lengths: [40, 50],
    price: 1.6,
    refLength: 40,
    per10: 0.15,
    spread: 0.15,
    freightPerStem: 0.15,
    stemsPerBunch: [10],
    bunchesInBox: [8, 10],
    uom: [0.7, 0.3, 0],
    palette: [
      ['white', 6],
      ['pink', 8],
      ['hot-pink', 5],
      ['peach', 6],
      ['coral', 5],
      ['orange', 5],
      ['yellow', 5],
      ['red', 5],
      ['burgundy', 3],
      ['blush', 5],
      ['bicolor', 3],
      ['purple', 2],
    ],
    named: [
      ['Hanoi', 'blush', ['premium']],
      ['Elegance White', 'white'],
      ['Elegance Salmon', 'peach'],
      ['Amandine Pink', 'pink'],
      ['Success Orange', 'orange'],
      ['Pauline Violet', 'purple'],
      ['Butterfly Ariadne', 'peach', ['premium', 'novelty']],
      ['Tecolote Red', 'red'],
      ['Picotee', 'bicolor'],
    ],
    tags: { wedding: 0.75, premium: 0.15, novelty: 0.05 },
  },
  {
    key: 'pg-anthurium',
    name: 'Anthurium',
    category: 'cat-tropicals',
    share: 0.03,
    countries: { CR: 0.6, NL: 0.4 },
    lengths: [0],
    price: 2.9,
    refLength: 0,
    per10: 0,
    spread: 0.15,
    freightPerStem: 0.45,
    stemsPerBunch: [12],
    bunchesInBox: [2, 3],
    uom: [1, 0, 0],
    palette: [
      ['red', 12],
      ['pink', 8],
      ['white', 8],
      ['green', 6],
      ['burgundy', 4],
      ['orange', 4],
      ['coral', 3],
      ['bicolor', 4],
      ['lavender', 2],
    ],
    named: [
      ['Tropical', 'red'],
      ['Acropolis', 'white'],
      ['Midori', 'green'],
      ['Champion', 'pink'],
      ['Choco', 'burgundy'],
      ['Fiorino', 'purple'],
      ['Simba', 'bicolor'],
      ['Previa', 'orange'],
    ],
    tags: { wedding: 0.2, longLasting: 0.8, novelty: 0.06 },
  },
  {
    key: 'pg-dendrobium',
    name: 'Dendrobium Orchids',
    category: 'cat-orchids',
    share: 0.02,
    countries: { TH: 1 },
    lengths: [50, 60, 70],
    price: 1.3,
    refLength: 60,
    per10: 0.15,
    spread: 0.15,
    freightPerStem: 0.12,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12],
    uom: [0.6, 0.4, 0],
    palette: [
      ['purple', 10],
      ['white', 10],
      ['bicolor', 6],
      ['pink', 5],
      ['green', 2],
      ['lavender', 4],
      ['hot-pink', 3],
    ],
    named: [
      ['Sonia', 'purple'],
      ['Big White', 'white'],
      ['Emma White', 'white'],
      ['Madame Pompadour', 'purple'],
      ['Burana Jade', 'green'],
      ['Sakura', 'pink'],
      ['Bom Jo', 'white'],
    ],
    tags: { wedding: 0.45, longLasting: 0.7, premium: 0.08 },
  },
  {
    key: 'pg-mokara',
    name: 'Mokara Orchids',
    category: 'cat-orchids',
    share: 0.015,
    countries: { TH: 1 },
    lengths: [50, 60],
    price: 1.9,
    refLength: 50,
    per10: 0.2,
    spread: 0.15,
    freightPerStem: 0.15,
    stemsPerBunch: [10],
    bunchesInBox: [6, 8],
    uom: [0.8, 0.2, 0],
    palette: [
      ['orange', 6],
      ['red', 6],
      ['pink', 6],
      ['yellow', 5],
      ['purple', 5],
      ['bicolor', 5],
      ['coral', 3],
      ['lavender', 3],
      ['hot-pink', 3],
    ],
    named: [
      ['Chark Kuan', 'orange'],
      ['Calypso', 'pink'],
      ['Red Dragon', 'red'],
      ['Jairak Yellow', 'yellow'],
      ['Nora Blue', 'purple'],
      ['Bangkok Sunset', 'bicolor'],
    ],
    tags: { wedding: 0.2, longLasting: 0.7, novelty: 0.08 },
  },
  {
    key: 'pg-calla',
    name: 'Calla Lilies',
    category: 'cat-specialty',
    share: 0.025,
    countries: { CO: 0.6, NL: 0.25, US: 0.15 },
    lengths: [40, 50, 60],
    price: 1.7,
    refLength: 50,
    per10: 0.2,
    spread: 0.15,
    freightPerStem: 0.18,
    stemsPerBunch: [10],
    bunchesInBox: [5, 8, 10],
    uom: [0.9, 0.1, 0],
    palette: [
      ['white', 12],
      ['yellow', 5],
      ['orange', 5],
      ['pink', 6],
      ['burgundy', 6],
      ['purple', 6],
      ['red', 3],
      ['green', 2],
      ['cream', 3],
      ['peach', 3],
      ['blush', 4],
      ['coral', 2],
    ],
    named: [
      ['Crystal Blush', 'blush'],
      ['Captain Romance', 'pink'],
      ['Schwarzwalder', 'burgundy', ['premium']],
      ['Mango', 'orange'],
      ['Florex Gold', 'yellow'],
      ['Captain Promise', 'purple'],
      ['Majestic Red', 'red'],
      ['Green Goddess', 'green', ['novelty']],
      ['Pink Persuasion', 'pink'],
    ],
    tags: { wedding: 0.7, premium: 0.12, novelty: 0.05 },
  },
  {
    key: 'pg-lisianthus',
    name: 'Lisianthus',
    category: 'cat-specialty',
    share: 0.03,
    countries: { CO: 0.75, NL: 0.25 },
    lengths: [60, 70],
    price: 1.25,
    refLength: 60,
    per10: 0.1,
    spread: 0.12,
    freightPerStem: 0.12,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12],
    uom: [0.6, 0.4, 0],
    palette: [
      ['white', 10],
      ['lavender', 8],
      ['purple', 8],
      ['pink', 8],
      ['blush', 6],
      ['cream', 5],
      ['green', 4],
      ['bicolor', 6],
      ['yellow', 2],
      ['peach', 2],
    ],
    named: [
      ['Rosita White', 'white'],
      ['Rosita Pink', 'pink'],
      ['Echo Lavender', 'lavender'],
      ['ABC Blue', 'purple'],
      ['Voyage Champagne', 'cream', ['premium']],
      ['Mariachi Lime', 'green'],
      ['Celeb Apricot', 'peach'],
      ['Arena Red', 'burgundy'],
    ],
    tags: { wedding: 0.75, premium: 0.1, longLasting: 0.3 },
  },
  {
    key: 'pg-delphinium',
    name: 'Delphinium',
    category: 'cat-specialty',
    share: 0.02,
    countries: { EC: 0.5, CO: 0.5 },
    lengths: [70, 80],
    price: 1.45,
    refLength: 70,
    per10: 0.15,
    spread: 0.12,
    freightPerStem: 0.18,
    stemsPerBunch: [10],
    bunchesInBox: [8, 10],
    uom: [0.8, 0.2, 0],
    palette: [
      ['blue', 14],
      ['white', 8],
      ['lavender', 6],
      ['purple', 6],
      ['pink', 3],
      ['bicolor', 2],
    ],
    named: [
      ['Volkerfrieden', 'blue'],
      ['Sky Waltz', 'blue'],
      ['Casa Blanca', 'white'],
      ['Bellamosum', 'blue'],
      ['Guardian Lavender', 'lavender'],
      ['Aurora Light Purple', 'purple'],
      ['Pink Sensation', 'pink'],
    ],
    tags: { wedding: 0.6 },
  },
  {
    key: 'pg-stock',
    name: 'Stock',
    category: 'cat-specialty',
    share: 0.02,
    countries: { CO: 0.6, US: 0.4 },
    lengths: [60, 70],
    price: 1.05,
    refLength: 60,
    per10: 0.1,
    spread: 0.12,
    freightPerStem: 0.12,
    stemsPerBunch: [10],
    bunchesInBox: [10, 12],
    uom: [0.6, 0.4, 0],
    palette: [
      ['white', 10],
      ['pink', 8],
      ['purple', 8],
      ['lavender', 6],
      ['cream', 5],
      ['yellow', 3],
      ['burgundy', 3],
      ['peach', 3],
      ['blush', 3],
      ['hot-pink', 2],
    ],
    named: [
      ['Iron White', 'white', ['fragrant']],
      ['Iron Pink', 'pink', ['fragrant']],
      ['Iron Purple', 'purple', ['fragrant']],
      ['Katz Apricot', 'peach', ['fragrant']],
      ['Quartet Yellow', 'yellow', ['fragrant']],
      ['Iron Marine', 'lavender', ['fragrant']],
    ],
    tags: { wedding: 0.6, fragrant: 0.9 },
  },
  {
    key: 'pg-hypericum',
    name: 'Hypericum',
    category: 'cat-filler',
    share: 0.02,
    countries: { CO: 0.5, EC: 0.3, NL: 0.2 },
    lengths: [50, 60],
    price: 0.75,
    refLength: 50,
    per10: 0.08,
    spread: 0.12,
    freightPerStem: 0.08,
    stemsPerBunch: [10],
    bunchesInBox: [12, 15, 20],
    uom: [0.4, 0.6, 0],
    palette: [
      ['red', 8],
      ['pink', 5],
      ['white', 4],
      ['green', 6],
      ['peach', 3],
      ['burgundy', 4],
      ['orange', 3],
      ['yellow', 2],
      ['cream', 2],
      ['coral', 2],
    ],
    named: [
      ['Magical Red', 'red'],
      ['Coco Grande', 'burgundy'],
      ['Magical Pumpkin', 'orange'],
      ['Magical Green', 'green'],
      ['Magical White', 'white'],
      ['Coco Ooh La La', 'peach'],
    ],
    tags: { wedding: 0.3, longLasting: 0.6 },
  },
  {
    key: 'pg-greens',
    name: 'Greens',
    category: 'cat-greens',
    share: 0.035,
    countries: { US: 0.45, CR: 0.3, CO: 0.25 },
    lengths: [0],
    price: 0.4,
    refLength: 0,
    per10: 0,
    spread: 0.2,
    freightPerStem: 0.04,
    stemsPerBunch: [10, 20],
    bunchesInBox: [15, 20, 25],
    uom: [0.3, 0.6, 0.1],
    palette: [['green', 1]],
    named: [
      ['Italian Ruscus', 'green'],
      ['Leatherleaf Fern', 'green'],
      ['Silver Dollar Eucalyptus', 'green', ['fragrant']],
      ['Salal Tips', 'green'],
      ['Seeded Eucalyptus', 'green', ['fragrant']],
      ['Israeli Ruscus', 'green'],
      ['Baby Blue Eucalyptus', 'green', ['fragrant']],
      ['Pittosporum Variegated', 'green'],
      ['Myrtle', 'green'],
      ['Lemon Leaf', 'green'],
      ['Tree Fern', 'green'],
      ['Sword Fern', 'green'],
      ['Aspidistra', 'green'],
      ['Monstera Leaf', 'green'],
      ['Plumosa', 'green'],
    ],
    tags: { wedding: 0.3, longLasting: 0.5 },
    vocabulary: GREENS_VOCABULARY,
  },
];

// Grower names -------------------------------------------------------------------------------

const CO_PREFIXES = ['Flores', 'Cultivos', 'Agrícola', 'Floricultura', 'Hacienda', 'Jardines'];
const CO_PLACES = [
  'La Sabana',
  'El Rosal',
  'Santa María',
  'Los Andes',
  'San Juan',
  'Guasca',
  'Funza',
  'La Esperanza',
  'Tocancipá',
  'El Trébol',
  'Chía',
  'Facatativá',
  'Sopó',
  'Tenjo',
  'Subachoque',
  'El Cerrito',
  'La Ceja',
  'Rionegro',
  'El Carmen',
  'Bojacá',
  'Mosquera',
  'Cajicá',
  'Zipaquirá',
  'San Rafael',
  'Las Palmas',
  'El Dorado',
  'Suesca',
  'Gachancipá',
];
const EC_PREFIXES = ['Rosas', 'Hacienda', 'Florícola', 'Flores', 'Agroflor', 'Plantaciones'];
const EC_PLACES = [
  'Cayambe',
  'Tabacundo',
  'Cotopaxi',
  'Latacunga',
  'Imbabura',
  'Quilotoa',
  'Chimborazo',
  'Pifo',
  'El Quinche',
  'Tupigachi',
  'San Isidro',
  'Illiniza',
  'Antisana',
  'Pasochoa',
  'Machachi',
  'Tanicuchí',
  'Pujilí',
  'Guayllabamba',
  'Puembo',
  'Olmedo',
  'Ayora',
  'Cangahua',
  'Mulaló',
  'Saquisilí',
  'Tumbaco',
  'La Merced',
  'Nono',
];
const CR_PREFIXES = ['Finca', 'Tropicales', 'Follajes', 'Plantas', 'Flores'];
const CR_PLACES = [
  'Sarapiquí',
  'Guápiles',
  'Poás',
  'Arenal',
  'Turrialba',
  'Orotina',
  'San Carlos',
  'Zarcero',
  'Heredia',
  'Alajuela',
  'Cartago',
  'Siquirres',
  'Upala',
  'Grecia',
  'Atenas',
];
const NL_SURNAMES = [
  'de Vries',
  'van Dijk',
  'Bakker',
  'Jansen',
  'Visser',
  'Smit',
  'Meijer',
  'van den Berg',
  'Mulder',
  'de Boer',
  'Vos',
  'Dekker',
  'van Leeuwen',
  'Hoekstra',
  'Brouwer',
  'Koster',
  'Verhoeven',
  'van der Meer',
  'Kuipers',
  'Vermeulen',
  'van Vliet',
  'Zwart',
  'Hendriks',
  'Prins',
  'Schouten',
];
const NL_PATTERNS = ['{} Flowers', 'Kwekerij {}', '{} Bloemen', '{} & Zn.', '{} Kwekerijen'];
const NL_IMPORTER_PATTERNS = ['{} Flower Export', '{} Trading', '{} Bloemenhandel'];
const TH_PLACES = [
  'Siam',
  'Bangkok',
  'Nakhon Pathom',
  'Ratchaburi',
  'Samut Sakhon',
  'Chiang Mai',
  'Sai Noi',
  'Nonthaburi',
  'Pathum Thani',
  'Kanchanaburi',
  'Chachoengsao',
  'Ayutthaya',
  'Suphan Buri',
  'Lanna',
  'Chao Phraya',
];
const TH_SUFFIXES = ['Orchids', 'Orchid Farm', 'Orchid Co.', 'Flora', 'Orchid Nursery'];
const US_PLACES = [
  'Watsonville',
  'Half Moon Bay',
  'Pierson',
  'Skagit Valley',
  'Petaluma',
  'Carpinteria',
  'Homestead',
  'Arcata',
  'Santa Barbara',
  'Lompoc',
  'Salinas',
  'Willamette',
  'Hood River',
  'Fairbanks',
  'Apopka',
  'Sebastopol',
  'Gilroy',
  'Nipomo',
  'Oxnard',
  'Mount Vernon',
];
const US_SUFFIXES = ['Farms', 'Flower Farm', 'Growers', 'Floral', 'Gardens'];
const US_IMPORTER_PLACES = ['Miami', 'Doral', 'Medley', 'Sweetwater', 'Hialeah', 'Coral Gables'];
const US_IMPORTER_SUFFIXES = ['Floral Imports', 'Flower Imports', 'Floral Trading', 'Blooms'];
/** A US farm's name follows its main crop. */
const US_SUFFIX_BY_GROUP: Readonly<Record<string, readonly string[]>> = {
  'pg-peony': ['Peony Farm', 'Peonies'],
  'pg-greens': ['Greens', 'Fernery', 'Foliage'],
  'pg-tulip': ['Tulip Farm', 'Bulb Farm'],
};
const NL_PATTERN_BY_GROUP: Readonly<Record<string, readonly string[]>> = {
  'pg-tulip': ['{} Tulpen', '{} Tulips'],
  'pg-peony': ['{} Pioenen'],
  'pg-anthurium': ['{} Anthurium'],
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const UNITS: readonly Unit[] = ['stem', 'bunch', 'bouquet'];
const DAY_MS = 86_400_000;

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`Index ${index} out of range`);
  return item;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Days since 1970-01-01 of a yyyyMMdd date; throws when it is not a real date. */
function etaToDay(eta: number): number {
  if (!Number.isInteger(eta)) throw new RangeError(`Not a yyyyMMdd date: ${eta}`);
  const year = Math.floor(eta / 10_000);
  const month = Math.floor(eta / 100) % 100;
  const day = eta % 100;
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (
    year < 2000 ||
    year > 2999 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw new RangeError(`Not a yyyyMMdd date: ${eta}`);
  }
  return ms / DAY_MS;
}

function dayToEta(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** 0 = Monday … 6 = Sunday. */
function weekdayIndex(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

/**
 * Splits `total` into integer parts proportional to `weights` (largest remainder), each part at
 * least `min` when the total allows it.
 */
function apportion(total: number, weights: readonly number[], min: number): number[] {
  const floor = total >= min * weights.length ? min : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * rest);
  const counts = exact.map((x) => floor + Math.floor(x));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) {
    const i = at(order, k).i;
    counts[i] = at(counts, i) + 1;
  }
  return counts;
}

/** Picks `count` distinct indexes of `weights` without replacement, in ascending order. */
function sampleWeighted(rng: Random, weights: readonly number[], count: number): number[] {
  const w = weights.slice();
  const picked: number[] = [];
  const n = Math.min(count, w.filter((x) => x > 0).length);
  for (let k = 0; k < n; k++) {
    const i = rng.weightedIndex(w);
    picked.push(i);
    w[i] = 0;
  }
  return picked.sort((a, b) => a - b);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A name not yet in `used` whose colour words fit `color`: random combinations first, then, once
 * the group is dense, a scan of all combinations, then the same with a suffix word. Throws only
 * when every combination of the vocabulary is taken.
 */
function uniqueName(
  rng: Random,
  vocabulary: Vocabulary,
  used: Set<string>,
  prefix: string,
  color: ColorId,
): string {
  const { families, suffixes } = vocabulary;
  const pairs = families.reduce((n, f) => n + f.adjectives.length * f.nouns.length, 0);
  const make = (index: number): string | null => {
    const s = Math.floor(index / pairs);
    let pair = index % pairs;
    for (const { adjectives, nouns } of families) {
      const size = adjectives.length * nouns.length;
      if (pair >= size) {
        pair -= size;
        continue;
      }
      const adjective = at(adjectives, Math.floor(pair / nouns.length));
      const noun = at(nouns, pair % nouns.length);
      if (adjective === noun) return null;
      const fits = vocabulary.colorWords ? COLOR_WORDS[adjective] : undefined;
      if (fits && !fits.includes(color)) return null;
      const base = s === 0 ? `${adjective} ${noun}` : `${adjective} ${noun} ${at(suffixes, s - 1)}`;
      return prefix ? `${prefix} ${base}` : base;
    }
    return null;
  };
  for (let attempt = 0; attempt < 24; attempt++) {
    const name = make(rng.int(0, pairs - 1));
    if (name !== null && !used.has(name)) return name;
  }
  const space = pairs * (suffixes.length + 1);
  const start = rng.int(0, pairs - 1);
  for (let k = 0; k < space; k++) {
    const name = make((start + k) % space);
    if (name !== null && !used.has(name)) return name;
  }
  throw new RangeError('Ran out of unique variety names for a product group');
}

// ---------------------------------------------------------------------------------------------
// Growers
// ---------------------------------------------------------------------------------------------

interface GrowerDraft {
  country: Country;
  importer: boolean;
  /** Indexes into GROUPS of what it grows or sells, ascending. */
  groups: number[];
  /** Relative volume: big farms are picked for more varieties. */
  size: number;
}

function growerName(rng: Random, draft: GrowerDraft, used: Set<string>): string {
  const primary = GROUPS[draft.groups[0] ?? 0];
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

function buildGrowers(seed: number, total: number): { growers: Grower[]; drafts: GrowerDraft[] } {
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
    const fitting = GROUPS.map((g) => g.share * (g.countries[country] ?? 0));
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
  GROUPS.forEach((group, gi) => {
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

// ---------------------------------------------------------------------------------------------
// Varieties
// ---------------------------------------------------------------------------------------------

interface VarietyDraft {
  group: number;
  name: string;
  color: ColorId;
  tags: string[];
  named: boolean;
  /** Order within the group's named list (popularity), or -1. */
  namedIndex: number;
}

const TAG_ORDER = [
  'bestseller',
  'premium',
  'wedding',
  'fragrant',
  'long-lasting',
  'novelty',
  'tinted',
] as const;

function buildVarieties(seed: number, total: number): Variety[] {
  const rng = Random.derive(seed, 'varieties');
  const counts = apportion(
    total,
    GROUPS.map((g) => g.share),
    1,
  );
  const colorById = new Map(COLORS.map((c) => [c.key.slice(4) as ColorId, c]));
  const drafts: VarietyDraft[] = [];

  GROUPS.forEach((group, gi) => {
    const count = at(counts, gi);
    const used = new Set<string>();
    const paletteColors = group.palette.map(([c]) => c);
    const paletteWeights = group.palette.map(([, w]) => w);
    const vocabulary = group.vocabulary ?? DEFAULT_VOCABULARY;
    for (let k = 0; k < count; k++) {
      const named = group.named[k];
      let name: string;
      let color: ColorId;
      let explicit: readonly string[] = [];
      let tinted: boolean;
      if (named) {
        [name, color] = named;
        explicit = named[2] ?? [];
        tinted = explicit.includes('tinted');
      } else {
        tinted = rng.chance(group.tags.tinted ?? 0);
        color = tinted
          ? rng.pick(TINT_COLORS)
          : at(paletteColors, rng.weightedIndex(paletteWeights));
        const prefix = tinted ? rng.pick(TINT_WORDS) : '';
        name = uniqueName(rng, vocabulary, used, prefix, color);
      }
      used.add(name);
      const t = group.tags;
      const tags = new Set<string>(explicit);
      if (rng.chance((t.wedding ?? 0) * (WEDDING_COLORS.has(color) ? 1 : 0.15)) && !tinted) {
        tags.add('wedding');
      }
      if (rng.chance((t.premium ?? 0) * (named ? 2 : 1))) tags.add('premium');
      if (rng.chance(t.fragrant ?? 0)) tags.add('fragrant');
      if (rng.chance(t.longLasting ?? 0)) tags.add('long-lasting');
      if (!named && rng.chance(t.novelty ?? 0)) tags.add('novelty');
      if (tinted) tags.add('tinted');
      if (group.key === 'pg-greens' && name.includes('Eucalyptus')) tags.add('fragrant');
      drafts.push({
        group: gi,
        name,
        color,
        tags: [...tags],
        named: named !== undefined,
        namedIndex: named ? k : -1,
      });
    }
  });

  // Popularity: the well-known varieties first, weighted by how big their group is; most of the
  // long tail ranks below them, and about a third has no rank (the default sort rank).
  const ranks = new Map<VarietyDraft, number>();
  drafts
    .filter((d) => d.named)
    .map((d) => ({ d, score: at(GROUPS, d.group).share / (1 + d.namedIndex * 0.6) }))
    .sort((a, b) => b.score - a.score || a.d.group - b.d.group || a.d.namedIndex - b.d.namedIndex)
    .forEach(({ d }, i) => ranks.set(d, i + 1));
  const namedCount = ranks.size;
  for (const d of drafts) {
    if (d.named) continue;
    ranks.set(d, rng.chance(0.35) ? DEFAULT_SORT_RANK : rng.int(namedCount + 1, 250_000));
  }

  rng.shuffle(drafts);
  return drafts.map((d, i): Variety => {
    const group = at(GROUPS, d.group);
    const category = CATEGORIES.find((c) => c.key === group.category);
    const color = colorById.get(d.color);
    if (!category || !color) throw new Error(`Bad reference data for ${group.key}`);
    const rank = ranks.get(d) ?? DEFAULT_SORT_RANK;
    const tagSet = new Set(d.tags);
    if (rank <= 40) tagSet.add('bestseller');
    const tags = TAG_ORDER.filter((t) => tagSet.has(t));
    return {
      key: `v-${String(i + 1).padStart(5, '0')}`,
      name: d.name,
      product_group_key: group.key,
      product_group_name: group.name,
      category_key: category.key,
      category_name: category.name,
      color_key: color.key,
      color_name: color.name,
      color_code: color.color_code,
      tags,
      search_name: `${d.name} ${group.name} ${color.name}`.toLowerCase(),
      rank,
    };
  });
}

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

// ---------------------------------------------------------------------------------------------
// Offers
// ---------------------------------------------------------------------------------------------

/** How one grower handles one product group. */
interface GrowerGroupProfile {
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
function marketLevel(group: GroupDef): number {
  let level = 0;
  let share = 0;
  for (const country of COUNTRY_ORDER) {
    const s = group.countries[country] ?? 0;
    level += s * COUNTRY_INFO[country].priceLevel;
    share += s;
  }
  return share > 0 ? level / share : 1;
}

function buildProfile(rng: Random, draft: GrowerDraft, group: GroupDef): GrowerGroupProfile {
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
    boxCharge: round2(rng.float(info.boxCharge[0], info.boxCharge[1])),
  };
}

interface Week {
  from: number;
  to: number;
  fromDay: number;
}

function buildWeeks(firstEtaDate: number, weeks: number): Week[] {
  const first = etaToDay(firstEtaDate);
  const weekday = weekdayIndex(first);
  // A weekend date starts with the following week; otherwise with the week that contains it.
  const monday = weekday >= 5 ? first + (7 - weekday) : first - weekday;
  const result: Week[] = [];
  for (let w = 0; w < weeks; w++) {
    const start = monday + w * 7;
    const fromDay = Math.max(start, first);
    result.push({ from: dayToEta(fromDay), to: dayToEta(start + 4), fromDay });
  }
  return result;
}

function buildOffers(
  seed: number,
  varieties: readonly Variety[],
  growers: readonly Grower[],
  drafts: readonly GrowerDraft[],
  weeks: readonly Week[],
): SeedOffer[] {
  const rng = Random.derive(seed, 'offers');
  const groupIndex = new Map(GROUPS.map((g, i) => [g.key, i]));
  const G = GROUPS.length;

  // Profiles for every (grower, group) a grower sells, in grower order.
  const profiles: (GrowerGroupProfile | undefined)[] = new Array<GrowerGroupProfile | undefined>(
    drafts.length * G,
  );
  drafts.forEach((draft, gi) => {
    for (const g of [...draft.groups].sort((a, b) => a - b)) {
      profiles[gi * G + g] = buildProfile(rng, draft, at(GROUPS, g));
    }
  });

  // Growers of each group by country, so that picking a country first keeps the group's mix.
  const pools = GROUPS.map((group, g) =>
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
  const packing = weeks.map((w) =>
    Array.from({ length: 8 }, (_, lead) => dayToEta(w.fromDay - lead)),
  );

  // Rows are collected per week and numbered week by week, so that the rows of one delivery
  // date have neighbouring inventory keys (neighbouring pages of the offers table on disk).
  const byWeek: SeedOffer[][] = weeks.map(() => []);
  const growerCountWeights = [0.28, 0.36, 0.22, 0.14];

  for (const variety of varieties) {
    const g = groupIndex.get(variety.product_group_key);
    if (g === undefined) throw new Error(`Unknown product group ${variety.product_group_key}`);
    const group = at(GROUPS, g);
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
      const margin = round2(profile.margin + rng.int(-2, 2) / 100);
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
        const freight = round2(
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
            round2((target / (1 + margin) - perUnitBox) / (1 + info.duty)),
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
            grower_price: growerPrice,
            import_duties_tax: info.duty,
            freight_cost: freight,
            box_charge: profile.boxCharge,
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

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

/**
 * Generates a complete catalog seed. Pure: depends only on its options, never on the clock or
 * Math.random. Throws RangeError on impossible options.
 */
export function generateCatalog(options: CatalogOptions): CatalogSeed {
  const seed = (options.seed ?? DEFAULT_CATALOG_SEED) >>> 0;
  checkCount('varieties', options.varieties, 1);
  checkCount('growers', options.growers, COUNTRY_ORDER.length);
  checkCount('weeks', options.weeks, 1);
  const weeks = buildWeeks(options.firstEtaDate, options.weeks);

  const { growers, drafts } = buildGrowers(seed, options.growers);
  const varieties = buildVarieties(seed, options.varieties);
  const offers = buildOffers(seed, varieties, growers, drafts, weeks);

  return {
    growers,
    varieties,
    offers,
    productGroups: GROUPS.map((g) => ({ key: g.key, name: g.name, category_key: g.category })),
    categories: CATEGORIES.map((c) => ({ ...c })),
    colors: COLORS.map((c) => ({ ...c })),
  };
}
