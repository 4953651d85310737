import { describe, expect, it } from 'vitest';
import { lineName, nameWithLength, stemLengthText } from './stem-length';

describe('stemLengthText', () => {
  it.each([
    [60, '60\u00a0cm'],
    [1, '1\u00a0cm'],
    [0, ''],
  ])('shows %s as %j, the number held to its unit', (length, text) => {
    expect(stemLengthText(length)).toBe(text);
  });
});

describe('nameWithLength', () => {
  it('puts the length after the name', () => {
    expect(nameWithLength('Freedom', 60)).toBe('Freedom 60\u00a0cm');
  });

  it('leaves the name alone for an item without a length, never "0 cm"', () => {
    expect(nameWithLength('Freedom', 0)).toBe('Freedom');
  });
});

describe('lineName', () => {
  it('puts the length after a "·" held to it, as the catalogue card does', () => {
    expect(lineName('Freedom', 40)).toBe('Freedom ·\u00a040\u00a0cm');
  });

  it('leaves the name alone for a line without a length, never "0 cm"', () => {
    expect(lineName('Freedom', 0)).toBe('Freedom');
  });
});
