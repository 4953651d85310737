/**
 * The forms of a search word that count as the same word: a plural and its singular ('lilies' and
 * 'lily', 'peonies' and 'peony', 'mums' and 'mum'), and spellings one typo away. Both the catalogue's
 * words and the typed ones are reduced to their singular, so either form finds the other.
 */

/** Plurals the rules below would get wrong, and words that must keep their 's'. */
const IRREGULAR_SINGULARS: Readonly<Record<string, string>> = {
  leaves: 'leaf',
  ranunculi: 'ranunculus',
  gladioli: 'gladiolus',
  cacti: 'cactus',
  irises: 'iris',
  anemonies: 'anemone',
  daffodils: 'daffodil',
  // The category of foliage, not the colour: 'greens' should not find every green rose.
  greens: 'greens',
  series: 'series',
  species: 'species',
};

/**
 * The singular of an English word as the catalogue uses it ('hydrangeas' → 'hydrangea',
 * 'lilies' → 'lily', 'bunches' → 'bunch'); a word that is not a plural comes back as it is
 * ('lisianthus', 'iris', 'grass'). Takes and gives lower-case search tokens.
 */
export function singularOf(word: string): string {
  const irregular = IRREGULAR_SINGULARS[word];
  if (irregular !== undefined) return irregular;
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  return word.slice(0, -1);
}

/** Words shorter than this must be typed exactly (a typo in 'red' is another word). */
export const MIN_TYPO_WORD_LENGTH = 5;

/**
 * True when `a` becomes `b` by at most one edit: a letter changed, added or left out, or two
 * neighbouring letters swapped ('hydarngea', 'peonys').
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (lengthGap === 1) return a.slice(start + 1) === b.slice(start);
  if (lengthGap === -1) return a.slice(start) === b.slice(start + 1);
  if (a.slice(start + 1) === b.slice(start + 1)) return true;
  return (
    a[start] === b[start + 1] &&
    a[start + 1] === b[start] &&
    a.slice(start + 2) === b.slice(start + 2)
  );
}

/**
 * True when the typed `word` is one edit from `term` or from the start of it, so a typo is forgiven
 * while the word is still being typed ('hydarn' finds 'hydrangea').
 */
export function startsWithinOneEdit(word: string, term: string): boolean {
  if (withinOneEdit(word, term)) return true;
  for (let length = word.length - 1; length <= word.length + 1; length++) {
    if (length < term.length && withinOneEdit(word, term.slice(0, length))) return true;
  }
  return false;
}
