import { startTransition, useEffect, useRef, useState } from 'react';
import type { CatalogQuery, FarmPreferences } from '@stemline/shared';
import type { CatalogCopy } from './catalog-copy';
import { canPreview, PREVIEW_ENTRIES, type CatalogPreview } from './catalog-preview';
import { requestFirstScreen } from './catalog-worker-client';

/** A first screen, with the favourites its Favourites count was worked out with. */
export interface ShownPreview {
  preview: CatalogPreview;
  favorites: ReadonlySet<string>;
}

interface Answered extends ShownPreview {
  data: ArrayBuffer;
  farms: FarmPreferences;
}

/**
 * The first screen of the page's view from the catalogue worker (catalog-preview.ts), while the
 * page builds its own model (`needed`): asked once per copy's bytes and farms, for the view and
 * favourites of that moment. Null while it is on its way, when the copy came decoded (no bytes
 * to send), when the view cannot be previewed, and when the worker cannot answer.
 */
export function useCatalogPreview(
  copy: CatalogCopy | undefined,
  farms: FarmPreferences,
  query: CatalogQuery,
  favorites: ReadonlySet<string>,
  needed: boolean,
): ShownPreview | null {
  const [answered, setAnswered] = useState<Answered | null>(null);
  // The view and favourites when the bytes arrive: a later change does not ask again.
  const view = useRef({ query, favorites });
  useEffect(() => {
    view.current = { query, favorites };
  });
  const data = copy?.data ?? null;
  const hidePrices = copy?.pricesHidden ?? false;

  useEffect(() => {
    if (!data || !needed) return;
    const asked = view.current;
    if (!canPreview(asked.query)) return;
    let live = true;
    requestFirstScreen(data, {
      hidePrices,
      farms,
      query: asked.query,
      favorites: asked.favorites,
      count: PREVIEW_ENTRIES,
    })
      .then((preview) => {
        if (!live || !preview) return;
        performance.mark('stemline:catalog-first-screen');
        // Rendered in slices (a transition): see boot.tsx.
        startTransition(() => setAnswered({ data, farms, preview, favorites: asked.favorites }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [data, hidePrices, farms, needed]);

  return answered && answered.data === data && answered.farms === farms ? answered : null;
}
