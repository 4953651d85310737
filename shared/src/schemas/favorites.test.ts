import { describe, expect, it } from 'vitest';
import {
  addFavoritesParamsSchema,
  applyFavoriteChanges,
  favoriteKey,
  favoritesRequestSchema,
  type FavoriteChange,
} from './favorites';

describe('applyFavoriteChanges', () => {
  const add = (variety_key: string): FavoriteChange => ({ name: 'add_favorite', variety_key });
  const remove = (variety_key: string): FavoriteChange => ({
    name: 'remove_favorite',
    variety_key,
  });
  it.each([
    ['adds', [], [add('v1')], ['v1']],
    ['adds twice as once', [], [add('v1'), add('v1')], ['v1']],
    ['removes', ['v1', 'v2'], [remove('v1')], ['v2']],
    ['ignores removing what is absent', ['v2'], [remove('v1')], ['v2']],
    ['applies in order: add then remove', [], [add('v1'), remove('v1')], []],
    ['applies in order: remove then add', ['v1'], [remove('v1'), add('v1')], ['v1']],
  ] as const)('%s', (_case, start, changes, expected) => {
    expect([...applyFavoriteChanges(start, changes)].sort()).toEqual([...expected]);
  });
});

describe('favoritesRequestSchema', () => {
  it.each([
    [{ action: 'LIST' }],
    [{ action: 'ADD', variety_key: 'v-1', customer: 'c-1' }],
    [{ action: 'REMOVE', favorite_key: favoriteKey('v-1') }],
    [{ action: 'REMOVE', variety_key: 'v-1' }],
    [{ action: 'EDIT', favorite_key: favoriteKey('v-1'), variety_key: 'v-2' }],
  ])('accepts %j', (body) => {
    expect(favoritesRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['no action', { variety_key: 'v-1' }],
    ['a lowercase action', { action: 'add', variety_key: 'v-1' }],
    ['an unknown action', { action: 'DROP', variety_key: 'v-1' }],
    ['ADD without a variety', { action: 'ADD' }],
    ['ADD with an empty variety', { action: 'ADD', variety_key: '' }],
    ['ADD with a 1,000-character variety', { action: 'ADD', variety_key: 'v'.repeat(1000) }],
    ['ADD with an object as variety', { action: 'ADD', variety_key: { $ne: null } }],
    ['REMOVE with neither key', { action: 'REMOVE' }],
    ['EDIT without favorite_key', { action: 'EDIT', variety_key: 'v-2' }],
    ['an array', [{ action: 'LIST' }]],
    ['null', null],
  ])('refuses %s', (_case, body) => {
    expect(favoritesRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('addFavoritesParamsSchema', () => {
  it.each([
    ['no varieties', { varieties: [] }, false],
    ['201 varieties', { varieties: Array.from({ length: 201 }, (_, i) => `v-${i}`) }, false],
    ['a number in the list', { varieties: ['v-1', 2] }, false],
    ['two varieties', { varieties: ['v-1', 'v-2'] }, true],
  ])('%s → %s', (_case, params, ok) => {
    expect(addFavoritesParamsSchema.safeParse(params).success).toBe(ok);
  });
});
