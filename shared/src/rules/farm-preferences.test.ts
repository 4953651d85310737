import { describe, expect, it } from 'vitest';
import type { CustomerGrower } from '../schemas/account-calls';
import {
  blockedFarmsKey,
  farmPreferences,
  isFarmBlocked,
  isFarmPreferred,
  NO_FARM_PREFERENCES,
} from './farm-preferences';

const farm = (grower_key: string, relation: CustomerGrower['relation']): CustomerGrower => ({
  grower_key,
  relation,
});

describe('farmPreferences', () => {
  it.each<[string, CustomerGrower[], string[], string[]]>([
    ['no list', [], [], []],
    ['one of each', [farm('g-1', 'preferred'), farm('g-2', 'blocked')], ['g-1'], ['g-2']],
    [
      'a farm listed twice the same way',
      [farm('g-1', 'preferred'), farm('g-1', 'preferred')],
      ['g-1'],
      [],
    ],
    [
      'a farm listed both ways is blocked',
      [farm('g-1', 'preferred'), farm('g-1', 'blocked')],
      [],
      ['g-1'],
    ],
    [
      'the same, in the other order',
      [farm('g-1', 'blocked'), farm('g-1', 'preferred')],
      [],
      ['g-1'],
    ],
    ['keys that look like patterns match only themselves', [farm('.*', 'blocked')], [], ['.*']],
  ])('reads %s', (_, list, preferred, blocked) => {
    const preferences = farmPreferences(list);
    expect([...preferences.preferred]).toEqual(preferred);
    expect([...preferences.blocked]).toEqual(blocked);
  });

  it('answers the shared empty preferences for an empty list', () => {
    expect(farmPreferences([])).toBe(NO_FARM_PREFERENCES);
  });

  it.each<[string, boolean, boolean]>([
    ['g-pref', false, true],
    ['g-block', true, false],
    ['g-other', false, false],
    ['', false, false],
  ])('treats %s as blocked=%s, preferred=%s', (key, blocked, preferred) => {
    const preferences = farmPreferences([farm('g-pref', 'preferred'), farm('g-block', 'blocked')]);
    expect(isFarmBlocked(preferences, key)).toBe(blocked);
    expect(isFarmPreferred(preferences, key)).toBe(preferred);
  });
});

describe('blockedFarmsKey', () => {
  it('is the same for the same blocked farms in any order, and ignores preferred ones', () => {
    const a = farmPreferences([farm('g-2', 'blocked'), farm('g-1', 'blocked')]);
    const b = farmPreferences([
      farm('g-1', 'blocked'),
      farm('g-3', 'preferred'),
      farm('g-2', 'blocked'),
    ]);
    expect(blockedFarmsKey(a)).toBe(blockedFarmsKey(b));
    expect(blockedFarmsKey(a)).not.toBe(blockedFarmsKey(farmPreferences([farm('g-1', 'blocked')])));
    expect(blockedFarmsKey(NO_FARM_PREFERENCES)).toBe('');
  });
});
