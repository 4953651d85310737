/**
 * One light image per variety (an SVG of one to three kB), drawn from its colour and product
 * group: the flower a florist knows the group by (a rose head, a hydrangea ball, a tulip cup, a
 * spray of orchids, gypsophila's cloud…; variety-image-shapes.ts), in the variety's colour on a
 * pale wash of it, outlined darker so that white and cream flowers still show. Deterministic: the
 * same facts give the same bytes, which is what lets the URL be cached as immutable.
 */
import type { VarietyImageFacts } from './catalog-entities-repository';
import { SHAPES, type ShapeName } from './variety-image-shapes';

function hexToRgb(code: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(code)?.[1] ?? '999999';
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(code: string, toward: number, share: number): string {
  const [r, g, b] = hexToRgb(code).map((c) => Math.round(c + (toward - c) * share));
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** The drawing of each product group of the catalogue. */
const SHAPE_BY_GROUP: Readonly<Record<string, ShapeName>> = {
  'pg-rose': 'rose',
  'pg-spray-rose': 'sprayRose',
  'pg-garden-rose': 'gardenRose',
  'pg-carnation': 'carnation',
  'pg-mini-carnation': 'miniCarnation',
  'pg-alstroemeria': 'alstroemeria',
  'pg-hydrangea': 'hydrangea',
  'pg-disbud-mum': 'disbudMum',
  'pg-pompon': 'pompon',
  'pg-gypsophila': 'gypsophila',
  'pg-tulip': 'tulip',
  'pg-peony': 'peony',
  'pg-ranunculus': 'ranunculus',
  'pg-anthurium': 'anthurium',
  'pg-dendrobium': 'dendrobium',
  'pg-mokara': 'mokara',
  'pg-calla': 'calla',
  'pg-lisianthus': 'lisianthus',
  'pg-delphinium': 'delphinium',
  'pg-stock': 'stock',
  'pg-hypericum': 'hypericum',
  'pg-greens': 'greens',
};

/** For a group the table does not know, a word of its key names the kind ('pg-oriental-lily'). */
const SHAPE_BY_WORD: readonly [RegExp, ShapeName][] = [
  [/spray-rose/, 'sprayRose'],
  [/rose/, 'rose'],
  [/calla/, 'calla'],
  [/lil(y|ies)/, 'lily'],
  [/sunflower|helianthus/, 'sunflower'],
  [/orchid|cymbidium|phalaenopsis|dendrobium/, 'dendrobium'],
  [/carnation|dianthus/, 'carnation'],
  [/mum|chrysanth/, 'disbudMum'],
  [/green|fern|eucalyptus|ruscus|foliage/, 'greens'],
];

/** The drawing of a product group: its own, else by a word of its key, else a peony-like bloom. */
export function shapeOfGroup(productGroupKey: string): ShapeName {
  const known = SHAPE_BY_GROUP[productGroupKey];
  if (known) return known;
  return SHAPE_BY_WORD.find(([word]) => word.test(productGroupKey))?.[1] ?? 'gardenRose';
}

/** A small hash of the name, so varieties of one group and colour are not all identical. */
function turnOf(name: string): number {
  let hash = 7;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 3600;
  return hash % 45;
}

/** The SVG document of a variety's image. */
export function varietyImageSvg(facts: VarietyImageFacts): string {
  const fill = mix(facts.color_code, 0, 0);
  const stroke = mix(facts.color_code, 0, 0.45);
  const wash = mix(facts.color_code, 255, 0.86);
  const body = SHAPES[shapeOfGroup(facts.product_group_key)](fill, stroke, turnOf(facts.name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<rect width="96" height="96" fill="${wash}"/>${body}</svg>`
  );
}
