/**
 * The drawings of variety pictures, one per kind of flower a florist tells apart at a glance, on
 * a 96 × 96 canvas. Each takes the variety's colour (`f`), a darker outline of it (`s`) and a small
 * turn (0–44) from the variety's name, so varieties of one group and colour differ a little.
 * Repeated parts are drawn once in <defs> and placed with <use>, which keeps each picture small.
 */

export type Shape = (f: string, s: string, turn: number) => string;

const r1 = (value: number) => Math.round(value * 10) / 10;

/** `count` copies of `part` turned evenly around (cx, cy). */
function around(count: number, part: string, turn: number, cx = 48, cy = 40): string {
  return Array.from(
    { length: count },
    (_, i) => `<g transform="rotate(${r1(turn + (360 * i) / count)} ${cx} ${cy})">${part}</g>`,
  ).join('');
}

/** Like `around`, with the part written once (as `#id`) and each copy a <use> of it. */
function ring(id: string, count: number, part: string, turn: number, cx = 48, cy = 40): string {
  const copies = Array.from(
    { length: count },
    (_, i) =>
      `<use href="#${id}" transform="rotate(${r1(turn + (360 * i) / count)} ${cx} ${cy})"/>`,
  );
  return `<defs><g id="${id}">${part}</g></defs>${copies.join('')}`;
}

/** A closed path through points alternately `outer` and `inner` from (cx, cy): a fringed edge. */
function fringe(points: number, outer: number, inner: number, cx: number, cy: number): string {
  const steps = Array.from({ length: points * 2 }, (_, i) => {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI * i) / points;
    return `${r1(cx + radius * Math.sin(angle))} ${r1(cy - radius * Math.cos(angle))}`;
  });
  return `M${steps.join(' L')}Z`;
}

/** Places the part `#id` at (x, y), scaled. */
const place = (id: string, x: number, y: number, scale = 1) =>
  `<use href="#${id}" transform="translate(${r1(x)} ${r1(y)}) scale(${scale})"/>`;

const GREEN = '#5f8a3c';
const line = (d: string, width = 2.5, colour = GREEN) =>
  `<path d="${d}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
const leaf = (x: number, y: number, angle: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="9" ry="4" fill="${GREEN}" transform="rotate(${angle} ${x} ${y})"/>`;

/** A rose head seen from the side, centred on (0, 0): outer petals cupping a spiralled bud. */
const roseHead = (f: string, s: string) =>
  `<g id="r" stroke="${s}" stroke-width="1.6" stroke-linejoin="round" fill="${f}">` +
  `<path d="M-19 -4 Q-18 -21 0 -20 Q18 -21 19 -4 Q9 -10 0 -9 Q-9 -10 -19 -4Z"/>` +
  `<path d="M-20 -5 Q-22 18 0 20 Q22 18 20 -5 Q10 3 0 2 Q-10 3 -20 -5Z"/>` +
  `<path d="M-10 -6 Q-9 -16 0 -16 Q10 -16 10 -6 Q5 -10 0 -8 Q-5 -10 -10 -6Z"/>` +
  `<path d="M-12 8 Q0 14 12 8 M-6 -2 Q0 3 7 -3" fill="none"/></g>`;

/** A carnation head seen from the side, centred on (0, 0): a fringed ruff over a green calyx. */
const carnationHead = (f: string, s: string) =>
  `<g id="c"><path d="M-5 10 L5 10 L3 24 L-3 24Z" fill="${GREEN}"/>` +
  `<path d="${fringe(14, 20, 15, 0, 0)}" fill="${f}" stroke="${s}" stroke-width="1.4" stroke-linejoin="round"/>` +
  `<path d="${fringe(10, 11, 7, 0, -2)}" fill="${f}" stroke="${s}" stroke-width="1.2" stroke-linejoin="round"/></g>`;

/** An orchid flower face on, centred on (0, 0): three sepals, two petals and a darker lip. */
const orchidFlower = (f: string, s: string, round: boolean) =>
  `<g id="o" fill="${f}" stroke="${s}" stroke-width="1.2">` +
  [0, 120, 240]
    .map((a) => `<ellipse cx="0" cy="-9" rx="${round ? 6 : 4}" ry="9" transform="rotate(${a})"/>`)
    .join('') +
  [60, 300]
    .map((a) => `<ellipse cx="0" cy="-8" rx="${round ? 7 : 6}" ry="8" transform="rotate(${a})"/>`)
    .join('') +
  `<path d="M-5 2 Q0 14 5 2Z" fill="${s}"/></g>`;

export const SHAPES = {
  /** Rose: one head on a leafy stem. */
  rose: (f, s) =>
    line('M48 58 V92') +
    leaf(40, 76, 30) +
    leaf(57, 70, -30) +
    `<defs>${roseHead(f, s)}</defs>${place('r', 48, 40)}`,

  /** Spray rose: three small heads on a branching stem. */
  sprayRose: (f, s, t) =>
    line(`M48 92 V60 M48 66 L32 48 M48 62 L64 ${44 + (t % 6)}`) +
    leaf(56, 80, -30) +
    `<defs>${roseHead(f, s)}</defs>${place('r', 32, 42, 0.6)}${place('r', 64, 38 + (t % 6), 0.6)}${place('r', 48, 30, 0.7)}`,

  /** Garden rose: a cupped, quartered bloom seen from above. */
  gardenRose: (f, s, t) =>
    ring(
      'a',
      7,
      `<path d="M48 40 Q34 16 48 10 Q62 16 48 40Z" fill="${f}" stroke="${s}" stroke-width="1.4"/>`,
      t,
    ) +
    ring(
      'b',
      5,
      `<path d="M48 40 Q38 24 48 20 Q58 24 48 40Z" fill="${f}" stroke="${s}" stroke-width="1.4"/>`,
      t + 30,
    ) +
    `<path d="M42 38 Q48 30 54 38 M44 44 Q48 40 52 44" stroke="${s}" stroke-width="1.4" fill="none"/>`,

  /** Peony: a big fluffy ball of ruffled petals. */
  peony: (f, s, t) =>
    ring(
      'a',
      9,
      `<circle cx="48" cy="20" r="13" fill="${f}" stroke="${s}" stroke-width="1.4"/>`,
      t,
    ) +
    ring(
      'b',
      7,
      `<circle cx="48" cy="28" r="10" fill="${f}" stroke="${s}" stroke-width="1.4"/>`,
      t + 20,
    ) +
    ring(
      'c',
      5,
      `<circle cx="48" cy="34" r="7" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,
      t + 40,
    ),

  /** Ranunculus: many tight rings of small, overlapping petals round a green eye. */
  ranunculus: (f, s, t) =>
    line('M48 66 V92') +
    `<circle cx="48" cy="40" r="25" fill="${f}" stroke="${s}" stroke-width="1.4"/>` +
    ring(
      'a',
      14,
      `<circle cx="48" cy="20" r="6" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,
      t,
    ) +
    ring(
      'b',
      10,
      `<circle cx="48" cy="27" r="5" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,
      t + 9,
    ) +
    ring(
      'c',
      6,
      `<circle cx="48" cy="33" r="4" fill="${f}" stroke="${s}" stroke-width="1.1"/>`,
      t + 18,
    ) +
    `<circle cx="48" cy="40" r="3" fill="${GREEN}"/>`,

  /** Lisianthus: two flared bells and a spiralled bud. */
  lisianthus: (f, s) =>
    line('M48 92 V56 M48 70 L30 50 M48 64 L70 30') +
    `<defs><path id="b" d="M-10 -12 Q-14 -2 -6 12 L6 12 Q14 -2 10 -12 Q5 -6 0 -12 Q-5 -6 -10 -12Z" fill="${f}" stroke="${s}" stroke-width="1.4" stroke-linejoin="round"/></defs>` +
    `${place('b', 30, 40)}${place('b', 52, 36, 1.2)}` +
    `<path d="M70 30 Q64 18 70 12 Q76 18 70 30Z" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,

  /** Carnation: one fringed head. */
  carnation: (f, s) =>
    line('M48 62 V92') +
    leaf(40, 80, 35) +
    `<defs>${carnationHead(f, s)}</defs>${place('c', 48, 38)}`,

  /** Mini carnation: a spray of small fringed heads. */
  miniCarnation: (f, s, t) =>
    line(`M48 92 V58 M48 64 L30 46 M48 60 L66 ${42 + (t % 5)}`) +
    `<defs>${carnationHead(f, s)}</defs>${place('c', 30, 36, 0.55)}${place('c', 66, 32 + (t % 5), 0.55)}${place('c', 48, 26, 0.6)}`,

  /** Alstroemeria: a cluster of streaked, trumpet-like flowers. */
  alstroemeria: (f, s, t) =>
    line('M48 92 V54 M48 54 L30 40 M48 54 L66 40 M48 54 V30') +
    `<defs><g id="a">${around(6, `<ellipse cx="0" cy="-7" rx="4" ry="7" fill="${f}" stroke="${s}" stroke-width="1"/>`, t, 0, 0)}` +
    `<path d="M-2 -8 V-3 M2 -8 V-3" stroke="${s}" stroke-width="1"/></g></defs>` +
    `${place('a', 30, 38)}${place('a', 66, 38)}${place('a', 48, 26)}`,

  /** Hydrangea: a ball of small four-petalled florets. */
  hydrangea: (f, s, t) => {
    const florets: string[] = [];
    for (let ring = 0; ring < 3; ring++) {
      const count = ring === 0 ? 1 : ring * 6;
      for (let i = 0; i < count; i++) {
        const angle = (2 * Math.PI * i) / count + ((t % 7) * ring) / 10;
        florets.push(
          place('h', 48 + ring * 11 * Math.sin(angle), 38 - ring * 11 * Math.cos(angle)),
        );
      }
    }
    return (
      line('M48 66 V92') +
      leaf(38, 78, 30) +
      `<circle cx="48" cy="38" r="28" fill="${f}" stroke="${s}" stroke-width="1.2"/>` +
      `<defs><g id="h" fill="${f}" stroke="${s}" stroke-width="1">` +
      [0, 90, 180, 270]
        .map((a) => `<ellipse cx="0" cy="-3.5" rx="3" ry="3.5" transform="rotate(${a})"/>`)
        .join('') +
      `</g></defs>${florets.join('')}`
    );
  },

  /** Disbud mum: one dense ball of thin incurved petals. */
  disbudMum: (f, s, t) =>
    line('M48 66 V92') +
    ring(
      'a',
      22,
      `<ellipse cx="48" cy="20" rx="3.5" ry="13" fill="${f}" stroke="${s}" stroke-width="1"/>`,
      t,
    ) +
    ring(
      'b',
      16,
      `<ellipse cx="48" cy="28" rx="3" ry="10" fill="${f}" stroke="${s}" stroke-width="1"/>`,
      t + 11,
    ) +
    `<circle cx="48" cy="40" r="8" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,

  /** Pompon: a spray of small round button flowers. */
  pompon: (f, s) =>
    line('M48 92 V60 M48 66 L28 44 M48 62 L68 42 M48 60 V30') +
    `<defs><g id="p"><circle r="9" fill="${f}" stroke="${s}" stroke-width="1.2"/>` +
    `<circle r="5" fill="none" stroke="${s}" stroke-width="1"/><circle r="1.5" fill="${s}"/></g></defs>` +
    `${place('p', 28, 40)}${place('p', 68, 38)}${place('p', 48, 26)}${place('p', 38, 54, 0.8)}${place('p', 60, 54, 0.8)}`,

  /** Gypsophila: a cloud of tiny flowers on fine branching stems. */
  gypsophila: (f, s, t) => {
    const dots = Array.from({ length: 42 }, (_, i) => {
      const radius = 30 * Math.sqrt((i + 0.5) / 42);
      const angle = i * 2.39996 + t / 10;
      return place('d', 48 + radius * Math.cos(angle) * 1.1, 38 + radius * Math.sin(angle) * 0.8);
    });
    return (
      line('M48 92 V52 M48 62 L28 36 M48 62 L68 36 M48 52 L40 24 M48 52 L58 24', 1.2) +
      `<defs><circle id="d" r="2.6" fill="${f}" stroke="${s}" stroke-width=".8"/></defs>${dots.join('')}`
    );
  },

  /** Tulip: a closed cup of petals. */
  tulip: (f, s) =>
    line('M48 62 V92') +
    `<path d="M48 92 Q36 76 38 60 Q46 74 48 92Z" fill="${GREEN}"/>` +
    `<path d="M32 26 Q30 62 48 62 Q66 62 64 26 L56 36 L48 20 L40 36 Z" fill="${f}" stroke="${s}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M48 24 V58" stroke="${s}" stroke-width="1" opacity=".6"/>`,

  /** Anthurium: a glossy heart-shaped spathe with its spadix. */
  anthurium: (f, s) =>
    line('M48 66 V92') +
    `<path d="M48 66 C20 48 22 22 38 22 C44 22 48 28 48 32 C48 28 52 22 58 22 C74 22 76 48 48 66 Z" fill="${f}" stroke="${s}" stroke-width="2"/>` +
    `<path d="M48 42 L60 24" stroke="#e8d27a" stroke-width="5" stroke-linecap="round"/>`,

  /** Dendrobium: a spray of orchids along an arching stem, smaller towards the tip. */
  dendrobium: (f, s, t) =>
    line(`M30 92 Q26 40 ${60 + (t % 8)} 12`, 2) +
    `<defs>${orchidFlower(f, s, false)}</defs>` +
    place('o', 30, 66, 1.1) +
    place('o', 36, 44, 1) +
    place('o', 48, 27, 0.85) +
    place('o', 60 + (t % 8), 14, 0.65),

  /** Mokara: round orchid flowers gathered at the top of a short stem. */
  mokara: (f, s) =>
    line('M48 92 V40', 2) +
    `<defs>${orchidFlower(f, s, true)}</defs>` +
    place('o', 34, 48, 0.9) +
    place('o', 62, 46, 0.9) +
    place('o', 48, 28, 1),

  /** Calla: a slender trumpet with its yellow spadix. */
  calla: (f, s) =>
    line('M48 92 Q46 78 48 64') +
    `<path d="M40 66 Q34 40 52 20 Q70 18 62 34 Q56 46 56 66 Z" fill="${f}" stroke="${s}" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M50 58 V36" stroke="#e8c547" stroke-width="4" stroke-linecap="round"/>`,

  /** Lily: six pointed petals opened wide, with long stamens. */
  lily: (f, s, t) =>
    line('M48 60 V92') +
    around(
      6,
      `<path d="M48 40 Q40 22 48 8 Q56 22 48 40Z" fill="${f}" stroke="${s}" stroke-width="1.4"/>`,
      t,
    ) +
    around(
      6,
      `<path d="M48 40 L48 26" stroke="#8a5a2b" stroke-width="1"/><circle cx="48" cy="25" r="1.8" fill="#8a5a2b"/>`,
      t + 30,
    ),

  /** Sunflower: a ring of pointed rays round a large dark seed head. */
  sunflower: (f, s, t) =>
    line('M48 60 V92', 3) +
    leaf(38, 76, 30) +
    ring(
      'a',
      18,
      `<path d="M48 40 Q43 24 48 10 Q53 24 48 40Z" fill="${f}" stroke="${s}" stroke-width="1"/>`,
      t,
    ) +
    `<circle cx="48" cy="40" r="13" fill="#5b3a1e"/><circle cx="48" cy="40" r="8" fill="none" stroke="#3e2713" stroke-width="2" stroke-dasharray="2 2"/>`,

  /** Delphinium: a tall spike of open, spurred florets. */
  delphinium: (f, s, t) =>
    line('M48 92 V10', 2) +
    `<defs><g id="l">${around(5, `<ellipse cx="0" cy="-4" rx="3" ry="4.5" fill="${f}" stroke="${s}" stroke-width="1"/>`, t, 0, 0)}<circle r="1.5" fill="${s}"/></g></defs>` +
    [14, 26, 38, 50, 62]
      .map(
        (y, i) =>
          place('l', i % 2 ? 40 : 56, y, 0.8 + i * 0.1) +
          place('l', i % 2 ? 56 : 40, y + 6, 0.7 + i * 0.1),
      )
      .join(''),

  /** Stock: a dense column of ruffled round florets. */
  stock: (f, s) =>
    line('M48 92 V20', 3) +
    `<defs><g id="k"><circle r="6" fill="${f}" stroke="${s}" stroke-width="1.2"/><circle r="2.5" fill="none" stroke="${s}" stroke-width="1"/></g></defs>` +
    [16, 24, 32, 40, 48, 56, 64]
      .map(
        (y, i) =>
          place('k', 48 + (i % 2 ? -6 : 6), y, 0.8 + i * 0.06) +
          place('k', 48 + (i % 2 ? 7 : -7), y + 3, 0.75 + i * 0.06),
      )
      .join(''),

  /** Hypericum: clusters of round berries. */
  hypericum: (f, s, t) =>
    line('M48 92 V54 M48 54 L34 36 M48 54 L62 34 M48 54 L48 28', 2.5) +
    around(
      9,
      `<circle cx="48" cy="24" r="6" fill="${f}" stroke="${s}" stroke-width="1.2"/>`,
      t,
      48,
      36,
    ),

  /** Greens: a stem of paired leaves. */
  greens: (f, s, t) =>
    `<path d="M48 92 V14" stroke="${s}" stroke-width="2.5"/>` +
    [20, 34, 48, 62]
      .map(
        (y, i) =>
          `<ellipse cx="${i % 2 ? 36 : 60}" cy="${y}" rx="12" ry="6" fill="${f}" stroke="${s}" stroke-width="1.5" transform="rotate(${(i % 2 ? -30 : 30) + (t % 10)} ${i % 2 ? 36 : 60} ${y})"/>`,
      )
      .join(''),
} satisfies Record<string, Shape>;

export type ShapeName = keyof typeof SHAPES;
