import { beforeEach, describe, expect, it } from 'vitest';
import {
  rememberArrivalParams,
  sameOriginPath,
  storedTracking,
  takeRedirect,
  TRACKING_KEY,
} from './arrival-params';

const ORIGIN = 'https://app.stemline.test';
const store = new Map<string, string>();
globalThis.sessionStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
};

const arrive = (search: string) => rememberArrivalParams(new URLSearchParams(search), ORIGIN);
const tracking = () => JSON.parse(storedTracking() ?? 'null') as unknown;

describe('rememberArrivalParams: tracking', () => {
  beforeEach(() => store.clear());

  it('keeps the UTM parameters and hutk of the address, trimmed', () => {
    arrive(
      '?date=20261130&utm_source=newsletter&utm_medium=%20email%20&utm_campaign=peonies' +
        '&utm_pos=header&hutk=abc123',
    );
    expect(tracking()).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'peonies',
      utm_pos: 'header',
      hutk: 'abc123',
    });
  });

  it('keeps them through later pages of the visit that carry none', () => {
    arrive('?utm_campaign=peonies');
    arrive('');
    arrive('?date=20261130&category=roses');
    expect(tracking()).toEqual({ utm_campaign: 'peonies' });
  });

  it('replaces an earlier campaign whole, never mixing two', () => {
    arrive('?utm_source=newsletter&utm_campaign=peonies');
    arrive('?utm_source=ads');
    expect(tracking()).toEqual({ utm_source: 'ads' });
  });

  it('cuts a value to the 200 characters the sign-up accepts', () => {
    arrive(`?utm_campaign=${'x'.repeat(5000)}`);
    expect(tracking()).toEqual({ utm_campaign: 'x'.repeat(200) });
  });

  it.each([
    ['an email-verification link', '?utm_source=email_verification_signed&email=a%40b.co'],
    ['empty values', '?utm_source=&utm_medium=%20%20'],
    ['sbx_evt alone (the sign-up has no place for it)', '?sbx_evt=signup_click'],
    ['parameters that are not tracking', '?created_by_hunter=true&hunter=u-hunter'],
  ])('keeps nothing from %s', (_case, search) => {
    arrive(search);
    expect(storedTracking()).toBeNull();
  });

  it('goes on without tracking when storage is off', () => {
    const kept = globalThis.sessionStorage;
    globalThis.sessionStorage = {
      ...kept,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    try {
      expect(() => arrive('?utm_source=ads&redirect=/shopping/products')).not.toThrow();
      expect(storedTracking()).toBeNull();
      expect(takeRedirect(ORIGIN)).toBeNull();
    } finally {
      globalThis.sessionStorage = kept;
    }
  });
});

describe('sameOriginPath', () => {
  it.each([
    ['/shopping/products', '/shopping/products'],
    ['/shopping/home?date=20261130#main', '/shopping/home?date=20261130#main'],
    ['/shopping/../checkout', '/checkout'],
  ])('keeps the path %s', (value, path) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(path);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '//evil.example/shopping/home',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'https://app.stemline.test/shopping/home',
    'https://app.stemline.test.evil.example/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    expect(sameOriginPath(value, ORIGIN)).toBeNull();
  });
});

describe('redirect', () => {
  beforeEach(() => store.clear());

  it('is followed once after signing in, then forgotten', () => {
    arrive('?redirect=%2Fshopping%2Fproducts%3Fsearch%3Droses');
    expect(takeRedirect(ORIGIN)).toBe('/shopping/products?search=roses');
    expect(takeRedirect(ORIGIN)).toBeNull();
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example'])(
    'is ignored for %s, keeping an earlier path of the site',
    (redirect) => {
      arrive('?redirect=/shopping/products');
      arrive(`?${new URLSearchParams({ redirect }).toString()}`);
      expect(takeRedirect(ORIGIN)).toBe('/shopping/products');
    },
  );

  it('is checked again when taken: storage edited to another site is refused', () => {
    store.set('stemline.redirect', '//evil.example');
    expect(takeRedirect(ORIGIN)).toBeNull();
    expect(store.has('stemline.redirect')).toBe(false);
  });

  it('has nothing to follow when the visit arrived with none', () => {
    arrive('?utm_source=ads');
    expect(takeRedirect(ORIGIN)).toBeNull();
    expect(store.has(TRACKING_KEY)).toBe(true);
  });
});
