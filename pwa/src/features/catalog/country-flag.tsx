import type { ReactElement } from 'react';

/** Horizontal bands of a flag, top to bottom: colour and relative height. */
type Bands = readonly (readonly [color: string, weight: number])[];

const BANDS: Readonly<Record<string, Bands>> = {
  CO: [
    ['#FCD116', 2],
    ['#003893', 1],
    ['#CE1126', 1],
  ],
  CR: [
    ['#002B7F', 1],
    ['#FFFFFF', 1],
    ['#CE1126', 2],
    ['#FFFFFF', 1],
    ['#002B7F', 1],
  ],
  EC: [
    ['#FFDD00', 2],
    ['#034EA2', 1],
    ['#ED1C24', 1],
  ],
  NL: [
    ['#AE1C28', 1],
    ['#FFFFFF', 1],
    ['#21468B', 1],
  ],
  TH: [
    ['#A51931', 1],
    ['#F4F5F8', 1],
    ['#2D2A4A', 2],
    ['#F4F5F8', 1],
    ['#A51931', 1],
  ],
  US: Array.from({ length: 13 }, (_, stripe) => [stripe % 2 ? '#FFFFFF' : '#B22234', 1] as const),
};

const WIDTH = 30;
const HEIGHT = 20;

/** Each flag's bands as rectangles, worked out once. */
const RECTS: Readonly<Record<string, readonly { y: number; height: number; color: string }[]>> =
  Object.fromEntries(
    Object.entries(BANDS).map(([iso, bands]) => {
      const total = bands.reduce((sum, [, weight]) => sum + weight, 0);
      let y = 0;
      const rects = bands.map(([color, weight]) => {
        const height = (HEIGHT * weight) / total;
        const rect = { y, height, color };
        y += height;
        return rect;
      });
      return [iso, rects];
    }),
  );

/** Extra marks drawn over the bands, so look-alike flags (Colombia, Ecuador) tell apart. */
const MARKS: Readonly<Record<string, ReactElement>> = {
  EC: <circle cx={15} cy={10} r={3.2} fill="#6b4f1d" stroke="#FFDD00" strokeWidth={0.8} />,
  US: <rect width={12} height={(HEIGHT * 7) / 13} fill="#3C3B6E" />,
};

/**
 * A small flag of one of spec §9's countries, named for assistive technology by the country
 * unless `decorative` (when the country's name is written next to it). Unknown codes show the code.
 */
export function CountryFlag({
  iso,
  name,
  decorative = false,
}: {
  iso: string;
  name: string;
  decorative?: boolean;
}) {
  const naming = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': name } as const);
  const rects = RECTS[iso];
  if (!rects) {
    return (
      <span className="country-flag country-flag--code" {...naming}>
        {iso}
      </span>
    );
  }
  return (
    <svg className="country-flag" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} focusable="false" {...naming}>
      {!decorative && <title>{name}</title>}
      {rects.map((rect) => (
        <rect key={rect.y} y={rect.y} width={WIDTH} height={rect.height} fill={rect.color} />
      ))}
      {MARKS[iso]}
    </svg>
  );
}
