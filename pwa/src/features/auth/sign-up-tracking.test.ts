import { beforeEach, describe, expect, it } from 'vitest';
import { TRACKING_KEY } from './arrival-params';
import { signUpTracking } from './sign-up-tracking';

const store = new Map<string, string>();
globalThis.sessionStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
};

describe('signUpTracking', () => {
  beforeEach(() => store.clear());

  it('answers the tracking kept for the visit', () => {
    store.set(TRACKING_KEY, JSON.stringify({ utm_source: 'ads', hutk: 'abc123' }));
    expect(signUpTracking()).toEqual({ utm_source: 'ads', hutk: 'abc123' });
  });

  it('answers none when the visit arrived with none', () => {
    expect(signUpTracking()).toEqual({});
  });

  it('drops fields the sign-up payload does not take', () => {
    store.set(
      TRACKING_KEY,
      JSON.stringify({ utm_source: 'ads', created_by_hunter: true, hunter: 'u-hunter' }),
    );
    expect(signUpTracking()).toEqual({ utm_source: 'ads' });
  });

  it.each([
    ['text that is not JSON', '{utm_source'],
    ['a value that is not text', JSON.stringify({ utm_source: 42 })],
    ['a value too long for the sign-up', JSON.stringify({ utm_source: 'x'.repeat(201) })],
    ['a list', JSON.stringify(['ads'])],
  ])('answers none for %s, so the sign-up is never refused for it', (_case, text) => {
    store.set(TRACKING_KEY, text);
    expect(signUpTracking()).toEqual({});
  });
});
