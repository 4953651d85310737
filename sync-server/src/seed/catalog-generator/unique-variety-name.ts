import type { ColorId } from '../reference/colors';
import { COLOR_WORDS, type Vocabulary } from '../reference/variety-names';
import type { Random } from '../random';
import { at } from './array-at';

/**
 * A name not yet in `used` whose colour words fit `color`: random combinations first, then, once
 * the group is dense, a scan of all combinations, then the same with a suffix word. Throws only
 * when every combination of the vocabulary is taken.
 */
export function uniqueVarietyName(
  rng: Random,
  vocabulary: Vocabulary,
  used: Set<string>,
  prefix: string,
  color: ColorId,
): string {
  const { families, suffixes } = vocabulary;
  const pairs = families.reduce((n, f) => n + f.adjectives.length * f.nouns.length, 0);
  const make = (index: number): string | null => {
    const s = Math.floor(index / pairs);
    let pair = index % pairs;
    for (const { adjectives, nouns } of families) {
      const size = adjectives.length * nouns.length;
      if (pair >= size) {
        pair -= size;
        continue;
      }
      const adjective = at(adjectives, Math.floor(pair / nouns.length));
      const noun = at(nouns, pair % nouns.length);
      if (adjective === noun) return null;
      const fits = vocabulary.colorWords ? COLOR_WORDS[adjective] : undefined;
      if (fits && !fits.includes(color)) return null;
      const base = s === 0 ? `${adjective} ${noun}` : `${adjective} ${noun} ${at(suffixes, s - 1)}`;
      return prefix ? `${prefix} ${base}` : base;
    }
    return null;
  };
  for (let attempt = 0; attempt < 24; attempt++) {
    const name = make(rng.int(0, pairs - 1));
    if (name !== null && !used.has(name)) return name;
  }
  const space = pairs * (suffixes.length + 1);
  const start = rng.int(0, pairs - 1);
  for (let k = 0; k < space; k++) {
    const name = make((start + k) % space);
    if (name !== null && !used.has(name)) return name;
  }
  throw new RangeError('Ran out of unique variety names for a product group');
}
