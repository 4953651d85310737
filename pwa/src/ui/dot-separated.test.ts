import { describe, expect, it } from 'vitest';
import { dotSeparated } from './dot-separated';

describe('dotSeparated', () => {
  it('holds each separator to the fact after it, never to the end of the fact before', () => {
    expect(dotSeparated(['2 boxes', '500 stems', '$1.17/stem'])).toBe(
      '2 boxes ·\u00a0500 stems ·\u00a0$1.17/stem',
    );
  });

  it.each([
    [['Finca', null, 'EC'], 'Finca ·\u00a0EC'],
    [['', 'EC'], 'EC'],
    [[false, '10 stems a bunch'], '10 stems a bunch'],
    [[], ''],
  ] as const)('leaves out what is missing: %j', (facts, text) => {
    expect(dotSeparated(facts)).toBe(text);
  });
});
