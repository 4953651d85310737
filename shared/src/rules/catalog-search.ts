import type { SearchTextReplacement } from '../schemas/variety-list';
import { applySearchTextReplacements } from './search-text-replacement';

/**
 * Catalogue search (spec §2, §9): any flower, colour, farm or tag, with synonyms; results with the
 * best matching count first, rose groups ranked up. An inverted index over whole-word tokens,
 * built once per catalogue snapshot, answers a query by prefix ranges of its sorted terms, so a
 * keystroke costs a few binary searches and a pass over the matching postings, not a scan of
 * every variety.
 */

/**
 * The synonyms buyers type: trade names, Spanish and shorthand, each turned into a word the
 * catalogue uses. One list: the server seeds `/api/variety/search_text_replacement` with it, and
 * the app searches with it until that answer is at hand (offline on first use), so a search finds
 * the same offline as online. The typed word stays an alternative of its synonym (searchIndex), so
 * 'mums' → 'chrysanthemum' (the example) still finds the Mums, and 'chrysanthemum' → 'mums'
 * is what makes the botanical name find them: the catalogue calls them Disbud Mums and Pompons.
 */
export const DEFAULT_SEARCH_TEXT_REPLACEMENTS: readonly SearchTextReplacement[] = [
  { text: 'hortensia', replacement: 'hydrangea' },
  { text: 'hortensias', replacement: 'hydrangea' },
  { text: 'mums', replacement: 'chrysanthemum' },
  { text: 'mum', replacement: 'mums' },
  { text: 'chrysanthemum', replacement: 'mums' },
  { text: 'chrysanthemums', replacement: 'mums' },
  { text: 'crisantemo', replacement: 'mums' },
  { text: 'crisantemos', replacement: 'mums' },
  { text: 'gyp', replacement: 'gypsophila' },
  { text: 'gypso', replacement: 'gypsophila' },
  { text: "baby's breath", replacement: 'gypsophila' },
  { text: 'babys breath', replacement: 'gypsophila' },
  { text: 'baby breath', replacement: 'gypsophila' },
  { text: 'alstro', replacement: 'alstroemeria' },
  { text: 'peruvian lily', replacement: 'alstroemeria' },
  { text: 'poms', replacement: 'pompons' },
  { text: 'pompom', replacement: 'pompons' },
  { text: 'clavel', replacement: 'carnations' },
  { text: 'claveles', replacement: 'carnations' },
  { text: 'dianthus', replacement: 'carnations' },
  { text: 'rosa', replacement: 'roses' },
  { text: 'rosas', replacement: 'roses' },
  { text: 'tulipan', replacement: 'tulips' },
  { text: 'tulipanes', replacement: 'tulips' },
  { text: 'zantedeschia', replacement: 'calla' },
  { text: 'eustoma', replacement: 'lisianthus' },
  { text: 'larkspur', replacement: 'delphinium' },
  { text: 'matthiola', replacement: 'stock' },
  { text: 'st johns wort', replacement: 'hypericum' },
  { text: 'orchid', replacement: 'orchids' },
  { text: 'foliage', replacement: 'greens' },
  { text: 'greenery', replacement: 'greens' },
  { text: 'fuchsia', replacement: 'hot pink' },
  { text: 'ivory', replacement: 'cream' },
  { text: 'violet', replacement: 'purple' },
];

/** Words after the eighth are ignored: match counts stay small and a pasted essay stays cheap. */
export const MAX_QUERY_WORDS = 8;

export interface SearchIndex {
  /** Every distinct token, sorted by code unit, so a prefix selects a contiguous range. */
  readonly terms: readonly string[];
  /** For each term, the ascending document numbers that contain it. */
  readonly postings: readonly Uint32Array[];
  /** How many documents were indexed. */
  readonly size: number;
}

export interface SearchResult {
  /** How many query words there were after normalising (0 for a blank query). */
  readonly wordCount: number;
  /** Per document, how many of the query words it matched. */
  readonly counts: Uint8Array;
}

/**
 * Lower-case, accent-free word tokens of a text: 'Agrícola Cajicá, Hot-Pink' →
 * ['agricola', 'cajica', 'hot', 'pink']. Apostrophes join ("baby's" → 'babys').
 */
export function searchTokens(text: string): string[] {
  // Most catalogue text is plain ASCII: it skips Unicode normalisation, the slow part.
  const folded = ASCII_ONLY.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
  return folded
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Indexes documents given as lists of texts (names, colours, farms, tags…), numbered by position. */
export function buildSearchIndex(documents: readonly (readonly string[])[]): SearchIndex {
  const byTerm = new Map<string, number[]>();
  // Group, colour, farm and country names repeat across thousands of documents.
  const tokensOf = new Map<string, string[]>();
  documents.forEach((texts, doc) => {
    const seen = new Set<string>();
    for (const text of texts) {
      let tokens = tokensOf.get(text);
      if (!tokens) {
        tokens = searchTokens(text);
        tokensOf.set(text, tokens);
      }
      for (const token of tokens) {
        if (seen.has(token)) continue;
        seen.add(token);
        const list = byTerm.get(token);
        if (list) list.push(doc);
        else byTerm.set(token, [doc]);
      }
    }
  });
  const terms = [...byTerm.keys()].sort();
  return {
    terms,
    postings: terms.map((term) => Uint32Array.from(byTerm.get(term) ?? [])),
    size: documents.length,
  };
}

/**
 * Counts, per document, the query words it matches. A word matches a document when one of the
 * document's tokens starts with it (so results follow typing), or with one of its alternatives:
 * its synonym from `replacements` and the singular of a plural ('hydrangeas' → 'hydrangea').
 * The typed word stays an alternative of its synonym, so 'mums' finds varieties named Mums even
 * when the synonym says chrysanthemum; a synonym of several words on either side ('baby breath',
 * 'fuchsia' → 'hot pink') replaces the typed words.
 */
export function searchIndex(
  index: SearchIndex,
  query: string,
  replacements: readonly SearchTextReplacement[] = DEFAULT_SEARCH_TEXT_REPLACEMENTS,
): SearchResult {
  const counts = new Uint8Array(index.size);
  const words = queryWords(query, replacements);
  const stamp = new Uint8Array(index.size);
  words.forEach((alternatives, position) => {
    const mark = position + 1;
    for (const prefix of alternatives) {
      const last = termRangeEnd(index.terms, prefix);
      for (let term = lowerBound(index.terms, prefix); term < last; term++) {
        const docs = index.postings[term];
        if (!docs) continue;
        for (const doc of docs) {
          if (stamp[doc] === mark) continue;
          stamp[doc] = mark;
          counts[doc] = (counts[doc] ?? 0) + 1;
        }
      }
    }
  });
  return { wordCount: words.length, counts };
}

/**
 * Orders search hits: most matched words first, then boosted items (rose groups), then the
 * order they came in (the chosen sort). Items matching no word are left out. Linear time: the
 * keys are small integers, so it buckets instead of sorting.
 */
export function rankByMatches<T>(
  items: readonly T[],
  docOf: (item: T) => number,
  result: SearchResult,
  isBoosted: (item: T) => boolean,
): T[] {
  const buckets: T[][] = Array.from({ length: (result.wordCount + 1) * 2 }, () => []);
  for (const item of items) {
    const count = result.counts[docOf(item)] ?? 0;
    if (count === 0) continue;
    buckets[(result.wordCount - count) * 2 + (isBoosted(item) ? 0 : 1)]?.push(item);
  }
  return buckets.flat();
}

/** True for the rose groups (Roses, Spray Roses, Garden Roses), which search ranks up. */
export function isRoseGroup(productGroupName: string): boolean {
  return searchTokens(productGroupName).some((token) => token === 'rose' || token === 'roses');
}

/** The query as words, each with the alternatives that also count as that word. */
function queryWords(query: string, replacements: readonly SearchTextReplacement[]): string[][] {
  const typed = searchTokens(query);
  const rewritten = searchTokens(applySearchTextReplacements(typed.join(' '), replacements));
  const paired = rewritten.length === typed.length;
  const words = new Map<string, Set<string>>();
  rewritten.forEach((word, position) => {
    const key = paired ? (typed[position] ?? word) : word;
    const alternatives = words.get(key) ?? new Set([key]);
    alternatives.add(word);
    if (key.length > 3 && key.endsWith('s')) alternatives.add(key.slice(0, -1));
    words.set(key, alternatives);
  });
  return [...words.values()].slice(0, MAX_QUERY_WORDS).map((alternatives) => [...alternatives]);
}

/** First index whose term is >= `prefix`. */
function lowerBound(terms: readonly string[], prefix: string): number {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((terms[middle] ?? '') < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** One past the last term that starts with `prefix`. */
function termRangeEnd(terms: readonly string[], prefix: string): number {
  // Every term starting with `prefix` sorts below prefix + U+FFFF.
  return lowerBound(terms, `${prefix}\uffff`);
}
