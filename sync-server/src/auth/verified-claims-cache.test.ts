import { describe, expect, it } from 'vitest';
import { createVerifiedClaimsCache } from './verified-claims-cache';

describe('verified claims cache', () => {
  it('serves a payload only until its expiry', () => {
    const cache = createVerifiedClaimsCache(10);
    const payload = { sub: 'u1', exp: 1000 };
    cache.set('token-a', payload);
    expect(cache.get('token-a', 999)).toBe(payload);
    expect(cache.get('token-a', 1000)).toBeUndefined();
    // An expired entry is dropped, not served again after the clock is wound back.
    expect(cache.get('token-a', 10)).toBeUndefined();
  });

  it.each([
    ['no expiry', { sub: 'u1' }],
    ['a text expiry', { sub: 'u1', exp: '9999999999' }],
    ['not an object', 'payload'],
    ['null', null],
  ])('never keeps a payload with %s', (_, payload) => {
    const cache = createVerifiedClaimsCache(10);
    cache.set('token-a', payload);
    expect(cache.get('token-a', 0)).toBeUndefined();
  });

  it('drops the least recently used token when full', () => {
    const cache = createVerifiedClaimsCache(2);
    cache.set('a', { exp: 10 });
    cache.set('b', { exp: 10 });
    cache.get('a', 0);
    cache.set('c', { exp: 10 });
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('is keyed by the exact token text', () => {
    const cache = createVerifiedClaimsCache(10);
    cache.set('token-a', { exp: 10 });
    expect(cache.get('token-a ', 0)).toBeUndefined();
    expect(cache.get('TOKEN-A', 0)).toBeUndefined();
  });
});
