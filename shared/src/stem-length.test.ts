import { describe, expect, it } from 'vitest';
import { nameWithLength, stemLengthText } from './stem-length';

describe('stemLengthText', () => {
  it.each([
    [60, '60 cm'],
    [1, '1 cm'],
    [0, ''],
  ])('shows %s as %j', (length, text) => {
    expect(stemLengthText(length)).toBe(text);
  });
});

describe('nameWithLength', () => {
  it('puts the length after the name', () => {
    expect(nameWithLength('Freedom', 60)).toBe('Freedom 60 cm');
  });

  it('leaves the name alone for an item without a length, never "0 cm"', () => {
    expect(nameWithLength('Freedom', 0)).toBe('Freedom');
  });
});
