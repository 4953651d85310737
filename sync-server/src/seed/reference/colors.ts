import type { SeedColor } from './seed-entities';

/** The catalogue's colours: the key is `col-` and the colour's id. */
export const COLORS: readonly SeedColor[] = [
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

/** A colour by the id its key ends with. */
export type ColorId =
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
export const WEDDING_COLORS: ReadonlySet<ColorId> = new Set([
  'white',
  'cream',
  'blush',
  'pink',
  'peach',
  'lavender',
]);
/** Colours a tinted (dyed, airbrushed) variety comes in. */
export const TINT_COLORS: readonly ColorId[] = [
  'blue',
  'purple',
  'hot-pink',
  'orange',
  'yellow',
  'lavender',
  'bicolor',
];
export const TINT_WORDS: readonly string[] = ['Tinted', 'Tinted', 'Tinted', 'Dyed', 'Airbrushed'];
