import type { SearchTextReplacement } from '../schemas/variety-list';

/**
 * Rewrites a search query with the synonyms of `/api/variety/search_text_replacement`: each
 * whole word or phrase equal to a replacement's `text` (case-insensitive) becomes its
 * `replacement`; longer phrases win over the words inside them. The result is lower case with
 * single spaces. "Hortensia white" → "hydrangea white".
 */
export function applySearchTextReplacements(
  query: string,
  replacements: readonly SearchTextReplacement[],
): string {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const byLength = replacements
    .map((r) => ({ words: r.text.toLowerCase().split(/\s+/).filter(Boolean), to: r.replacement }))
    .filter((r) => r.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length);
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const match = byLength.find((r) => r.words.every((word, k) => words[i + k] === word));
    if (match) {
      out.push(match.to.toLowerCase());
      i += match.words.length;
    } else {
      out.push(words[i] ?? '');
      i += 1;
    }
  }
  return out.join(' ');
}
