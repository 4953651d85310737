/**
 * One light image per variety (a few hundred bytes of SVG), drawn from its colour and product
 * group: a flower silhouette typical of the group, filled with the variety's colour on a pale
 * wash of it, outlined darker so that white and cream flowers still show. Deterministic: the
 * same facts give the same bytes, which is what lets the URL be cached as immutable.
 */
import type { VarietyImageFacts } from './catalog-entities-repository';

type Shape = (fill: string, stroke: string, turn: number) => string;

function hexToRgb(code: string): [number, number, number] {
  const value = /^#?([0-9a-f]{6})$/i.exec(code)?.[1] ?? '999999';
  const n = Number.parseInt(value, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(code: string, toward: number, share: number): string {
  const [r, g, b] = hexToRgb(code).map((c) => Math.round(c + (toward - c) * share));
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

/** `count` copies of `part` turned evenly around the centre (48, 44). */
function around(count: number, part: string, turn: number): string {
  return Array.from(
    { length: count },
    (_, i) => `<g transform="rotate(${Math.round(turn + (360 * i) / count)} 48 44)">${part}</g>`,
  ).join('');
}

const stem = (stroke: string) =>
  `<path d="M48 60 V92" stroke="${stroke}" stroke-width="3" fill="none" opacity=".5"/>`;

const SHAPES: Record<string, Shape> = {
  rose: (f, s, t) =>
    `${stem(s)}<circle cx="48" cy="44" r="22" fill="${f}" stroke="${s}" stroke-width="2"/>` +
    `<path d="M48 44 m-4 0 a4 4 0 1 1 8 0 a8 8 0 1 1 -16 0 a12 12 0 1 1 24 0 a16 16 0 0 1 -30 6" fill="none" stroke="${s}" stroke-width="2" transform="rotate(${t} 48 44)"/>`,
  ruffle: (f, s, t) =>
    `${stem(s)}${around(12, `<circle cx="48" cy="26" r="9" fill="${f}" stroke="${s}" stroke-width="1.5"/>`, t)}` +
    `<circle cx="48" cy="44" r="14" fill="${f}" stroke="${s}" stroke-width="1.5"/>`,
  cluster: (f, s, t) =>
    `${stem(s)}${around(7, `<circle cx="48" cy="30" r="10" fill="${f}" stroke="${s}" stroke-width="1.5"/>`, t)}` +
    `<circle cx="48" cy="44" r="10" fill="${f}" stroke="${s}" stroke-width="1.5"/>`,
  daisy: (f, s, t) =>
    `${stem(s)}${around(16, `<ellipse cx="48" cy="26" rx="4.5" ry="14" fill="${f}" stroke="${s}" stroke-width="1.2"/>`, t)}` +
    `<circle cx="48" cy="44" r="7" fill="${s}"/>`,
  cup: (f, s) =>
    `${stem(s)}<path d="M30 30 Q30 66 48 66 Q66 66 66 30 L57 40 L48 26 L39 40 Z" fill="${f}" stroke="${s}" stroke-width="2" stroke-linejoin="round"/>`,
  bloom: (f, s, t) =>
    `${stem(s)}${around(8, `<ellipse cx="48" cy="28" rx="12" ry="16" fill="${f}" stroke="${s}" stroke-width="1.5"/>`, t)}` +
    `${around(5, `<ellipse cx="48" cy="36" rx="7" ry="9" fill="${f}" stroke="${s}" stroke-width="1.5"/>`, t + 20)}`,
  heart: (f, s) =>
    `${stem(s)}<path d="M48 66 C20 48 22 22 38 22 C44 22 48 28 48 32 C48 28 52 22 58 22 C74 22 76 48 48 66 Z" fill="${f}" stroke="${s}" stroke-width="2"/>` +
    `<path d="M48 42 L60 24" stroke="#e8d27a" stroke-width="5" stroke-linecap="round"/>`,
  orchid: (f, s, t) =>
    `${stem(s)}${around(5, `<ellipse cx="48" cy="26" rx="10" ry="17" fill="${f}" stroke="${s}" stroke-width="1.5"/>`, t)}` +
    `<path d="M42 46 Q48 60 54 46 Z" fill="${s}"/>`,
  trumpet: (f, s) =>
    `${stem(s)}<path d="M40 66 Q34 40 52 20 Q70 18 62 34 Q56 46 56 66 Z" fill="${f}" stroke="${s}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M50 58 V36" stroke="#e8c547" stroke-width="4" stroke-linecap="round"/>`,
  spike: (f, s) =>
    `<path d="M48 12 V92" stroke="${s}" stroke-width="3" opacity=".5"/>` +
    [16, 27, 38, 49, 60]
      .map(
        (y, i) =>
          `<circle cx="${i % 2 ? 40 : 56}" cy="${y}" r="${6 + i}" fill="${f}" stroke="${s}" stroke-width="1.5"/>`,
      )
      .join(''),
  star: (f, s, t) =>
    `${stem(s)}${around(6, `<path d="M48 44 Q40 30 48 18 Q56 30 48 44 Z" fill="${f}" stroke="${s}" stroke-width="1.5"/><path d="M48 36 V26" stroke="${s}" stroke-width="1"/>`, t)}`,
  berries: (f, s, t) =>
    `<path d="M48 92 V54 M48 54 L34 36 M48 54 L62 34 M48 54 L48 28" stroke="${s}" stroke-width="2.5" fill="none" opacity=".6"/>` +
    around(9, `<circle cx="48" cy="24" r="6" fill="${f}" stroke="${s}" stroke-width="1.2"/>`, t),
  sprays: (f, s, t) =>
    `<path d="M48 92 V40 M48 60 L28 30 M48 60 L68 30 M48 50 L38 20 M48 50 L58 20" stroke="${s}" stroke-width="1.5" fill="none" opacity=".6"/>` +
    around(
      14,
      `<circle cx="48" cy="${18 + (t % 7)}" r="3.5" fill="${f}" stroke="${s}" stroke-width=".8"/>`,
      t,
    ),
  leaves: (f, s, t) =>
    `<path d="M48 92 V14" stroke="${s}" stroke-width="2.5"/>` +
    [20, 34, 48, 62]
      .map(
        (y, i) =>
          `<ellipse cx="${i % 2 ? 36 : 60}" cy="${y}" rx="12" ry="6" fill="${f}" stroke="${s}" stroke-width="1.5" transform="rotate(${(i % 2 ? -30 : 30) + (t % 10)} ${i % 2 ? 36 : 60} ${y})"/>`,
      )
      .join(''),
};

const SHAPE_BY_GROUP: Readonly<Record<string, keyof typeof SHAPES>> = {
  'pg-rose': 'rose',
  'pg-spray-rose': 'rose',
  'pg-garden-rose': 'bloom',
  'pg-carnation': 'ruffle',
  'pg-mini-carnation': 'ruffle',
  'pg-alstroemeria': 'star',
  'pg-hydrangea': 'cluster',
  'pg-disbud-mum': 'daisy',
  'pg-pompon': 'daisy',
  'pg-gypsophila': 'sprays',
  'pg-tulip': 'cup',
  'pg-peony': 'bloom',
  'pg-ranunculus': 'bloom',
  'pg-anthurium': 'heart',
  'pg-dendrobium': 'orchid',
  'pg-mokara': 'orchid',
  'pg-calla': 'trumpet',
  'pg-lisianthus': 'bloom',
  'pg-delphinium': 'spike',
  'pg-stock': 'spike',
  'pg-hypericum': 'berries',
  'pg-greens': 'leaves',
};

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
  const shape = SHAPES[SHAPE_BY_GROUP[facts.product_group_key] ?? 'bloom'] ?? SHAPES.bloom;
  const body = shape?.(fill, stroke, turnOf(facts.name)) ?? '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">` +
    `<rect width="96" height="96" fill="${wash}"/>${body}</svg>`
  );
}
