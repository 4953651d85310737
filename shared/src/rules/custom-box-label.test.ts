import { describe, expect, it } from 'vitest';
import { customBoxLabel } from './checkout-box';

describe('customBoxLabel', () => {
  it.each([
    ['a box without a count (ordered before it existed)', undefined, 'Custom box from Finca Uno'],
    ['one box', 1, 'Custom box from Finca Uno'],
    ['three boxes of one content', 3, 'Custom box from Finca Uno × 3'],
  ])('names %s', (_, count, label) => {
    expect(customBoxLabel({ grower_name: 'Finca Uno', number_boxes: count })).toBe(label);
  });
});
