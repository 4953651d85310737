/** The countries of spec §9 whose flags catalog.css draws (`.country-flag[data-iso=…]`). */
const DRAWN = new Set(['CO', 'CR', 'EC', 'NL', 'TH', 'US']);

/**
 * A small flag of one of spec §9's countries, named for assistive technology by the country
 * unless `decorative` (when the country's name is written next to it). Unknown codes show the code.
 *
 * One element whose CSS backgrounds draw the bands: every catalogue card has a flag, and an
 * inline SVG of up to 14 shapes per flag was a measurable part of re-rendering and laying out
 * the cards on each search keystroke; switching country now changes one attribute.
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
  if (!DRAWN.has(iso)) {
    return (
      <span className="country-flag country-flag--code" {...naming}>
        {iso}
      </span>
    );
  }
  return <span className="country-flag" data-iso={iso} {...naming} />;
}
