import { describe, expect, it } from 'vitest';
import { shoppingListMessages, standingOrderMessages } from './messages';

describe('messages naming a variety with its stem length', () => {
  it('name the length when the line has one', () => {
    expect(shoppingListMessages.notOffered('Freedom', 60)).toBe(
      'Freedom 60\u00a0cm is not offered for this date.',
    );
    expect(
      standingOrderMessages.lineNotOfferedByGrower('Weekly', 'Mon', 'Freedom', 50, 'Finca'),
    ).toBe(
      'Standing order Weekly, delivery Mon: Finca does not offer Freedom 50\u00a0cm that week; it was left out of this week’s order.',
    );
  });

  it('never say "0 cm" for a line without one', () => {
    const texts = [
      shoppingListMessages.notOffered('Freedom', 0),
      shoppingListMessages.notOfferedByGrower('Freedom', 0, 'Finca'),
      standingOrderMessages.lineNotOffered('Weekly', 'Mon', 'Freedom', 0),
      standingOrderMessages.lineNotOfferedByGrower('Weekly', 'Mon', 'Freedom', 0, 'Finca'),
    ];
    for (const text of texts) expect(text).not.toMatch(/\b0\s+cm/);
    expect(texts[0]).toBe('Freedom is not offered for this date.');
  });
});
