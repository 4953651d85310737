import { startTransition, useEffect, useRef, useState } from 'react';
import type { CatalogQuery, CatalogSnapshot, FarmPreferences } from '@stemline/shared';
import { loadCatalogStore } from '../../storage/catalog-store-loader';
import { decodeCopy, sameContent, type CatalogCopy } from './catalog-copy';
import { catalogModelSteps, type CatalogModel } from './catalog-model';
import { buildSearchIndexInWorker, searchIndexOfCopy } from './catalog-worker-client';
import { whenIdle } from './idle';
import { runInSlices, type Steps } from './run-in-slices';
import { viewAheadSteps } from './view-ahead';

interface Built {
  copy: CatalogCopy;
  farms: FarmPreferences;
  model: CatalogModel;
}

/**
 * The catalogue model (the join; its search index on first use) of the page's copy of a date,
 * without the buyer's blocked farms and with their preferred farms first. It is built a slice at
 * a time (decode, then join: run-in-slices.ts), so the main thread stays free for frames and
 * taps; meanwhile the model of the same date's previous copy stays (a delta arrived, or the
 * farms changed), and another date has none (null). The search index comes from the catalogue
 * worker: the one it built after the first screen of the same bytes, else, once the page is
 * idle, one built from the model's documents (a search typed before it answers builds it
 * in-thread). The entries and filter counts of the page's view (`query`, `favorites`) as the
 * model is built are worked out with it (view-ahead.ts).
 */
export function useCatalogModel(
  copy: CatalogCopy | undefined,
  farms: FarmPreferences,
  query: CatalogQuery,
  favorites: ReadonlySet<string>,
): CatalogModel | null {
  const view = useRef({ query, favorites });
  useEffect(() => {
    view.current = { query, favorites };
  });
  // A copy whose stock age alone changed (the server confirmed it) is the same catalogue.
  const [content, setContent] = useState(copy);
  if (copy !== content && !(copy && content && sameContent(copy, content))) setContent(copy);
  const [built, setBuilt] = useState<Built | null>(null);
  const current = built && built.copy === content && built.farms === farms ? built : null;

  useEffect(() => {
    if (!content || current) return;
    const controller = new AbortController();
    decodeCopy(content)
      .then((snapshot) =>
        runInSlices(
          modelAndViewSteps(snapshot, farms, () => view.current),
          controller.signal,
        ),
      )
      .then(
        (model) => {
          if (controller.signal.aborted) return;
          const fromWorker = content.data && searchIndexOfCopy(content.data, farms);
          if (fromWorker) void model.prepareSearchIndex(() => fromWorker);
          // For the benchmarks' traces (scripts/bench/main-thread-tasks.ts).
          performance.mark('stemline:catalog-model');
          // The whole list replaces the first screen in slices (a transition): see boot.tsx.
          startTransition(() => setBuilt({ copy: content, farms, model }));
        },
        () => {
          // The stored bytes cannot be read: dropped, the next refresh downloads the date again.
          if (controller.signal.aborted || !content.data) return;
          void loadCatalogStore()
            .then((store) => store.drop?.(content.date))
            .catch(() => undefined);
        },
      );
    return () => controller.abort();
  }, [content, farms, current]);

  const model = current?.model ?? null;
  useEffect(
    () =>
      model
        ? whenIdle(() => void model.prepareSearchIndex(buildSearchIndexInWorker), 2000)
        : undefined,
    [model],
  );
  if (model) return model;
  return built && content && built.copy.date === content.date ? built.model : null;
}

/** The model, then the view the page shows by the time it is built. */
function* modelAndViewSteps(
  snapshot: CatalogSnapshot,
  farms: FarmPreferences,
  view: () => { query: CatalogQuery; favorites: ReadonlySet<string> },
): Steps<CatalogModel> {
  const model = yield* catalogModelSteps(snapshot, farms);
  const { query, favorites } = view();
  yield* viewAheadSteps(model, query, favorites);
  return model;
}
