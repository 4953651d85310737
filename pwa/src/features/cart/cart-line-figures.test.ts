import { describe, expect, it } from 'vitest';
import { cartLineFigures } from './cart-line-figures';

const facts = (text: string) => text.split(' ·\u00a0');

describe('cart line figures', () => {
  it('shows a line priced by the stem per stem, bunch and box', () => {
    const line = { boxes: 1, bunches_in_box: 12, stems_per_bunch: 25, uom: 'stem' as const };
    expect(facts(cartLineFigures({ ...line, stem_price_cents: 117 }))).toEqual([
      '1 box',
      '300 stems',
      '$1.17/stem',
      '$29.25/bunch',
      '$351.00/box',
    ]);
  });

  it('shows the bunch price of a line priced by the bunch once', () => {
    const line = { boxes: 2, bunches_in_box: 10, stems_per_bunch: 10, uom: 'bunch' as const };
    // It read '$9.63/bunch · $9.63/bunch': the unit price and the bunch price are the same.
    expect(facts(cartLineFigures({ ...line, stem_price_cents: 963 }))).toEqual([
      '2 boxes',
      '200 stems',
      '$9.63/bunch',
      '$96.30/box',
    ]);
  });
});
