import { describe, expect, it } from 'vitest';
import { flagChange, flagChoices, initialFlagChoice, type FlagChoice } from './sales-flag-choice';

describe('sales flag choice of the staff Edit user dialog', () => {
  it.each([
    [true, 'yes', ['yes', 'no']],
    [false, 'no', ['yes', 'no']],
    [undefined, 'keep', ['keep', 'yes', 'no']],
  ] as const)('current %s starts at %s offering %j', (current, start, offered) => {
    expect(initialFlagChoice(current)).toBe(start);
    expect(flagChoices(current).map((choice) => choice.value)).toEqual(offered);
  });

  it.each<[FlagChoice, boolean | undefined, boolean | undefined]>([
    ['yes', true, undefined],
    ['no', false, undefined],
    ['yes', false, true],
    ['no', true, false],
    ['keep', true, undefined],
    ['keep', undefined, undefined],
    ['yes', undefined, true],
    ['no', undefined, false],
  ])('choice %s with current %s sends %s', (choice, current, sent) => {
    expect(flagChange(choice, current)).toBe(sent);
  });
});
