import type { SearchTextReplacement } from '../schemas/variety-list';
import { applySearchTextReplacements } from './search-text-replacement';
import { MIN_TYPO_WORD_LENGTH, singularOf, startsWithinOneEdit } from './search-word-forms';

/**
 * Catalogue search (spec §2, §9): any flower, colour, farm or tag, with synonyms. Every word typed
 * narrows the results (a variety must match them all); the best matches come first, rose groups
 * ranked up among equals. A word matches in its singular or plural form, as the start of a word
 * (results follow typing), and with one typo once it is long enough; a number is a stem length.
 * An inverted index over whole-word tokens, built once per catalogue snapshot, answers a query
 * by prefix ranges of its sorted terms, so a keystroke costs a few binary searches and a pass
 * over the matching postings, not a scan of every variety.
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

/** A text of a document and how much a word found in it counts (a plain string counts 1). */
export type SearchText = string | { readonly text: string; readonly weight: number };

export interface SearchIndex {
  /** Every distinct token and singular of one, sorted by code unit: a prefix is a contiguous range. */
  readonly terms: readonly string[];
  /** For each term, the ascending document numbers that contain it. */
  readonly postings: readonly Uint32Array[];
  /** For each term, parallel to its postings: the weight of the best field it is in. */
  readonly weights: readonly Uint8Array[];
  /** How many documents were indexed. */
  readonly size: number;
}

export interface SearchResult {
  /** How many text words the query has after normalising (0 for a blank query or numbers alone). */
  readonly wordCount: number;
  /** Per document, how many of the query's text words it matched. */
  readonly counts: Uint8Array;
  /** Per document, how well: the sum over its matched words of field weight times match quality. */
  readonly scores: Uint16Array;
  /** The numbers typed, as stem lengths: a row matches when its length starts with one of them. */
  readonly lengths: readonly string[];
}

/** How well a word matched a term: the whole word (or its singular), the start of one, or a typo. */
const EXACT = 3;
const PREFIX = 2;
const TYPO = 1;

/** Words that only join others ('red and white roses'); kept when last: it may be half typed. */
const JOINING_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'with']);

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

/**
 * Indexes documents given as lists of texts (names, colours, farms, tags…), numbered by position.
 * Each token is indexed as written and as its singular, with the weight of its best field.
 */
export function buildSearchIndex(documents: readonly (readonly SearchText[])[]): SearchIndex {
  const byTerm = new Map<string, TermPostings>();
  // Group, colour, farm and country names repeat across thousands of documents: each text's
  // terms are worked out once, as the postings they go to.
  const postingsOf = new Map<string, TermPostings[]>();
  documents.forEach((texts, doc) => {
    for (const entry of texts) {
      const text = typeof entry === 'string' ? entry : entry.text;
      const weight = typeof entry === 'string' ? 1 : entry.weight;
      let postings = postingsOf.get(text);
      if (!postings) {
        const terms = new Set(searchTokens(text).flatMap((token) => [token, singularOf(token)]));
        postings = [...terms].map((term) => {
          let list = byTerm.get(term);
          if (!list) {
            list = { docs: [], weights: [] };
            byTerm.set(term, list);
          }
          return list;
        });
        postingsOf.set(text, postings);
      }
      for (const list of postings) {
        const last = list.docs.length - 1;
        if (list.docs[last] !== doc) {
          list.docs.push(doc);
          list.weights.push(weight);
        } else if ((list.weights[last] ?? 0) < weight) list.weights[last] = weight;
      }
    }
  });
  const terms = [...byTerm.keys()].sort();
  return {
    terms,
    postings: terms.map((term) => Uint32Array.from(byTerm.get(term)?.docs ?? [])),
    weights: terms.map((term) => Uint8Array.from(byTerm.get(term)?.weights ?? [])),
    size: documents.length,
  };
}

interface TermPostings {
  docs: number[];
  weights: number[];
}

/**
 * Matches a query against the index. A text word matches a document when one of the document's
 * terms is the word, its singular or its synonym from `replacements` (the typed word stays an
 * alternative of its synonym, so 'mums' finds varieties named Mums even when the synonym says
 * chrysanthemum; a synonym of several words on either side replaces the typed words), or starts
 * with one of them; a word of MIN_TYPO_WORD_LENGTH letters or more that matches no term that way
 * matches the terms one edit away. Numbers are stem lengths, returned apart.
 */
export function searchIndex(
  index: SearchIndex,
  query: string,
  replacements: readonly SearchTextReplacement[] = DEFAULT_SEARCH_TEXT_REPLACEMENTS,
): SearchResult {
  const counts = new Uint8Array(index.size);
  const scores = new Uint16Array(index.size);
  const { words, lengths } = queryWords(query, replacements);
  const best = new Uint8Array(index.size);
  const touched: number[] = [];
  const visit = (term: number, quality: number) => {
    const docs = index.postings[term];
    const weights = index.weights[term];
    if (!docs || !weights) return;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] ?? 0;
      const score = quality * (weights[i] ?? 1);
      const previous = best[doc] ?? 0;
      if (previous === 0) touched.push(doc);
      if (score > previous) best[doc] = score;
    }
  };
  for (const alternatives of words) {
    touched.length = 0;
    for (const prefix of alternatives) {
      const last = termRangeEnd(index.terms, prefix);
      for (let term = lowerBound(index.terms, prefix); term < last; term++) {
        visit(term, index.terms[term] === prefix ? EXACT : PREFIX);
      }
    }
    const typed = alternatives[0] ?? '';
    if (touched.length === 0 && typed.length >= MIN_TYPO_WORD_LENGTH) {
      index.terms.forEach((term, position) => {
        if (term.length >= typed.length - 1 && startsWithinOneEdit(typed, term)) {
          visit(position, TYPO);
        }
      });
    }
    for (const doc of touched) {
      counts[doc] = (counts[doc] ?? 0) + 1;
      scores[doc] = (scores[doc] ?? 0) + (best[doc] ?? 0);
      best[doc] = 0;
    }
  }
  return { wordCount: words.length, counts, scores, lengths };
}

/** True when a row of `length` cm matches the numbers of a search (always, with none typed). */
export function lengthMatchesSearch(length: number, lengths: readonly string[]): boolean {
  if (lengths.length === 0) return true;
  const written = String(length);
  return lengths.some((typed) => written.startsWith(typed));
}

/**
 * Orders search hits: best score first, then boosted items (rose groups), then the order they came
 * in (the chosen sort). Items that miss a word are left out; with no text words (numbers alone)
 * every item is kept. Linear time: the scores are small integers, so it buckets instead of sorting.
 */
export function rankByMatches<T>(
  items: readonly T[],
  docOf: (item: T) => number,
  result: SearchResult,
  isBoosted: (item: T) => boolean,
): T[] {
  const { wordCount, counts, scores } = result;
  if (wordCount === 0) return result.lengths.length > 0 ? [...items] : [];
  const buckets: T[][] = [];
  let top = 0;
  for (const item of items) {
    const doc = docOf(item);
    if (counts[doc] !== wordCount) continue;
    const score = scores[doc] ?? 0;
    const bucket = score * 2 + (isBoosted(item) ? 1 : 0);
    (buckets[bucket] ??= []).push(item);
    if (bucket > top) top = bucket;
  }
  const ranked: T[] = [];
  for (let bucket = top; bucket >= 0; bucket--) {
    const items = buckets[bucket];
    if (items) for (const item of items) ranked.push(item);
  }
  return ranked;
}

/** True for the rose groups (Roses, Spray Roses, Garden Roses), which search ranks up. */
export function isRoseGroup(productGroupName: string): boolean {
  return searchTokens(productGroupName).some((token) => token === 'rose' || token === 'roses');
}

/**
 * The query's text words, each as the alternatives that also count as that word (the typed word
 * first), and its numbers ('60', '60cm'; 'cm' alone is dropped). Joining words ('and', 'for') are
 * dropped unless last: it may be the start of a longer word still being typed.
 */
function queryWords(
  query: string,
  replacements: readonly SearchTextReplacement[],
): { words: string[][]; lengths: string[] } {
  const lengths: string[] = [];
  const tokens = searchTokens(query);
  const typed = tokens.filter((token, position) => {
    const length = /^(\d+)(?:cm)?$/.exec(token);
    if (length) {
      lengths.push(String(Number(length[1])));
      return false;
    }
    if (token === 'cm') return false;
    return position === tokens.length - 1 || !JOINING_WORDS.has(token);
  });
  const rewritten = searchTokens(applySearchTextReplacements(typed.join(' '), replacements));
  const paired = rewritten.length === typed.length;
  const words = new Map<string, Set<string>>();
  rewritten.forEach((word, position) => {
    const key = paired ? (typed[position] ?? word) : word;
    const alternatives = words.get(key) ?? new Set([key]);
    alternatives.add(word);
    alternatives.add(singularOf(key));
    alternatives.add(singularOf(word));
    words.set(key, alternatives);
  });
  return {
    words: [...words.values()].slice(0, MAX_QUERY_WORDS).map((alternatives) => [...alternatives]),
    lengths: [...new Set(lengths)],
  };
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
