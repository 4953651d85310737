import { useEffect, useState } from 'react';
import { DEFAULT_SEARCH_TEXT_REPLACEMENTS, type SearchTextReplacement } from '@stemline/shared';
import { apiRequest } from '../../api/client';
import { loadStartSchemas } from '../../storage/start-schemas-loader';

let loaded: readonly SearchTextReplacement[] | null = null;

/**
 * The search synonyms of `/api/variety/search_text_replacement`, asked once per page load when
 * online; the built-in list until they arrive, and whenever they cannot (offline, an old server).
 */
export function useSearchReplacements(canFetch: boolean): readonly SearchTextReplacement[] {
  const [replacements, setReplacements] = useState(loaded ?? DEFAULT_SEARCH_TEXT_REPLACEMENTS);
  useEffect(() => {
    if (loaded || !canFetch) return;
    const controller = new AbortController();
    void apiRequest<unknown>('/api/variety/search_text_replacement', {
      signal: controller.signal,
    }).then(async (answer) => {
      const schemas = answer.success ? await loadStartSchemas().catch(() => null) : null;
      const parsed = schemas?.searchTextReplacementAnswerSchema.safeParse(answer.data);
      if (!parsed?.success || controller.signal.aborted) return;
      loaded = parsed.data.results;
      setReplacements(loaded);
    });
    return () => controller.abort();
  }, [canFetch]);
  return replacements;
}
