import { formatCents, formatCount, unitsPerBox, type VisibleCartLine } from '@stemline/shared';
import { dotSeparated } from '../../ui';

type Figures = Pick<
  VisibleCartLine,
  'boxes' | 'bunches_in_box' | 'stems_per_bunch' | 'uom' | 'stem_price_cents'
>;

/**
 * A cart line's figures: "1 box · 300 stems · $1.17/stem · $29.25/bunch · $351.00/box". A line
 * priced by the bunch (`uom` 'bunch') has its unit price as its bunch price, shown once:
 * "2 boxes · 200 stems · $9.63/bunch · $96.30/box".
 */
export function cartLineFigures(line: Figures): string {
  const stems = line.boxes * line.bunches_in_box * line.stems_per_bunch;
  const byBunch = line.uom === 'bunch';
  return dotSeparated([
    `${line.boxes} ${line.boxes === 1 ? 'box' : 'boxes'}`,
    `${formatCount(stems)} stems`,
    `${formatCents(line.stem_price_cents)}/${byBunch ? 'bunch' : 'stem'}`,
    !byBunch && `${formatCents(line.stem_price_cents * line.stems_per_bunch)}/bunch`,
    `${formatCents(line.stem_price_cents * unitsPerBox(line))}/box`,
  ]);
}
