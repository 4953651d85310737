import { describe, expect, it } from 'vitest';
import { matchesWidth } from './use-media-query';

describe('matchesWidth (a media query answered on the server)', () => {
  it('answers min-width and max-width at their limits', () => {
    expect(matchesWidth('(min-width: 769px)', 768)).toBe(false);
    expect(matchesWidth('(min-width: 769px)', 769)).toBe(true);
    expect(matchesWidth('(max-width: 768px)', 768)).toBe(true);
    expect(matchesWidth(' ( max-width:768px ) ', 769)).toBe(false);
  });

  it('answers no to a query it cannot read', () => {
    expect(matchesWidth('(prefers-reduced-motion: reduce)', 1920)).toBe(false);
    expect(matchesWidth('(min-width: 40em)', 1920)).toBe(false);
    expect(matchesWidth('screen and (min-width: 10px)', 1920)).toBe(false);
  });
});
