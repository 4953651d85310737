import { startTransition, use, useEffect, useRef, useState } from 'react';
import type { CatalogQuery } from '@stemline/shared';
import { downloadHead, headAsked, headShown } from './catalog-head';
import type { CatalogHeadAnswer } from './catalog-api';
import { FirstScreenSeedContext } from './first-screen-seed';
import { headHolds, headPreview } from './catalog-preview';
import type { ShownPreview } from './use-catalog-preview';

/**
 * The first screen of `date` from the head of its copy (catalog-head.ts), for the page's view,
 * while `needed` (a visitor without the date's model) and only for a view the head holds
 * (`headHolds`); `noCopy` once the device is known to hold no copy of the date, so a stored copy is
 * not raced by a download. Null otherwise, while it downloads, and when it cannot be had (offline,
 * an error): the page then waits for the whole copy, as before. On the server, from the head it
 * was given (first-screen-seed.ts).
 */
export function useCatalogHead(
  date: number | null,
  query: CatalogQuery,
  favorites: ReadonlySet<string>,
  needed: boolean,
  noCopy: boolean,
): ShownPreview | null {
  const seed = use(FirstScreenSeedContext);
  const [shown, setShown] = useState<{ date: number; preview: ShownPreview } | null>(() => {
    if (!seed || seed.date !== date || !needed || !headHolds(query)) return null;
    const preview = readHead(seed.head, { query, favorites });
    return preview && { date: seed.date, preview };
  });
  const view = useRef({ query, favorites });
  useEffect(() => {
    view.current = { query, favorites };
  });
  const ask = needed && headHolds(query) && date !== null && (noCopy || headAsked(date));

  useEffect(() => {
    if (!ask || date === null) return;
    let live = true;
    void downloadHead(date).then((head) => {
      if (!head) return;
      // Decoded in a task of its own: when the head is already there, this runs in the task that
      // runs the page's first effects, which it made one long task (about 50 ms of 135 at 4x).
      window.setTimeout(() => {
        const asked = view.current;
        const preview = live && headHolds(asked.query) ? readHead(head, asked) : null;
        // The cards render in slices (a transition), so a tap as they come is not kept waiting.
        if (preview) startTransition(() => setShown({ date, preview }));
        // Not shown (another view or date by now, or unreadable bytes): the whole copy need not
        // wait.
        else headShown(date);
      }, 0);
    });
    return () => {
      live = false;
    };
  }, [ask, date]);

  const result = needed && shown && shown.date === date ? shown.preview : null;
  useEffect(() => {
    if (result && date !== null) headShown(date);
  }, [result, date]);
  return result;
}

function readHead(
  head: CatalogHeadAnswer,
  { query, favorites }: { query: CatalogQuery; favorites: ReadonlySet<string> },
): ShownPreview | null {
  try {
    return { preview: headPreview(head, query), favorites };
  } catch {
    return null;
  }
}
