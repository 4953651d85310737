import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFirstViews, saveFirstViewRecord } from './first-view-store';
import { memoryStorage } from './memory-storage';

const item = (key: string) => localStorage.getItem(`stemline.firstView:${key}`);
const kept = () =>
  (JSON.parse(localStorage.getItem('stemline.firstViews') ?? '[]') as { key: string }[]).map(
    (entry) => entry.key,
  );

describe('first views', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a view under its key, read back as index.html reads it', () => {
    saveFirstViewRecord({
      key: 'u1|/shopping/home?date=20261201',
      date: 20261201,
      html: '<p>a</p>',
    });
    expect(item('u1|/shopping/home?date=20261201')).toBe('<p>a</p>');
    expect(kept()).toEqual(['u1|/shopping/home?date=20261201']);
  });

  it('replaces a view saved again and keeps it newest', () => {
    saveFirstViewRecord({ key: 'a', date: 1, html: 'old' });
    saveFirstViewRecord({ key: 'b', date: 1, html: 'b' });
    saveFirstViewRecord({ key: 'a', date: 1, html: 'new' });
    expect(item('a')).toBe('new');
    expect(kept()).toEqual(['b', 'a']);
  });

  it('keeps the four newest views and removes the markup of older ones', () => {
    for (const key of ['v1', 'v2', 'v3', 'v4', 'v5', 'v6']) {
      saveFirstViewRecord({ key, date: 1, html: key });
    }
    expect(kept()).toEqual(['v3', 'v4', 'v5', 'v6']);
    expect(item('v1')).toBeNull();
    expect(item('v2')).toBeNull();
    expect(item('v6')).toBe('v6');
  });

  const drops: { name: string; date: number | undefined; left: string[] }[] = [
    { name: 'a date drops only its views', date: 2, left: ['a1', 'c3'] },
    { name: 'a date without views drops nothing', date: 9, left: ['a1', 'b2', 'c3'] },
    { name: 'no date drops all (sign-out)', date: undefined, left: [] },
  ];
  it.each(drops)('$name', ({ date, left }) => {
    saveFirstViewRecord({ key: 'a1', date: 1, html: 'a' });
    saveFirstViewRecord({ key: 'b2', date: 2, html: 'b' });
    saveFirstViewRecord({ key: 'c3', date: 3, html: 'c' });
    dropFirstViews(date);
    expect(kept()).toEqual(left);
    for (const key of ['a1', 'b2', 'c3']) {
      expect(item(key) !== null).toBe(left.includes(key));
    }
  });

  it('a full storage keeps no half view and throws nothing', () => {
    vi.stubGlobal('localStorage', memoryStorage(200));
    expect(() => saveFirstViewRecord({ key: 'big', date: 1, html: 'x'.repeat(500) })).not.toThrow();
    expect(item('big')).toBeNull();
    expect(kept()).toEqual([]);
  });

  const hostile = ['not json', '{"key":"a"}', '[1,null,{"key":5,"date":1},{"key":"ok","date":1}]'];
  it.each(hostile)(
    'an index it cannot read (%s) is treated as holding only valid entries',
    (raw) => {
      localStorage.setItem('stemline.firstViews', raw);
      saveFirstViewRecord({ key: 'n', date: 1, html: 'n' });
      expect(kept()).toEqual(raw.includes('"ok"') ? ['ok', 'n'] : ['n']);
    },
  );
});
