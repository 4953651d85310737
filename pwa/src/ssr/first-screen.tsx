/**
 * A visitor's first catalogue screen, rendered on the server (issue 28). A first visit on a
 * phone's network waited for the app's code before any card, and its largest paint (the first
 * card's picture) came seconds later. The server renders the app's own components at the URL,
 * with the head of the date's copy (first-screen-seed.ts), and sends the markup with the page:
 * public/first-view.js lays it over the page, as it does a stored first view, until the app shows
 * its own (first-view.ts). The build writes this module beside the app
 * (build-plugins/first-screen-server.ts); sync-server/src/http/first-screen.ts runs it.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { catalogQueryParams, parseCatalogQuery, type CatalogView } from '@stemline/shared';
import { App } from '../app';
import type { CatalogHeadAnswer } from '../features/catalog/catalog-api';
import { headHolds } from '../features/catalog/catalog-preview';
import { LIST_WIDE_FROM } from '../features/catalog/catalog-rows';
import { SIDEBAR_FROM, SIDEBAR_QUERY } from '../features/catalog/filters-area';
import { FirstScreenSeedContext } from '../features/catalog/first-screen-seed';
import { ServerWidthContext } from '../features/catalog/use-media-query';
import { CATALOG_PATHS } from '../features/delivery/catalog-paths';

/** A first screen the server can render: the catalogue's date and the URL the app would read. */
export interface FirstScreenRequest {
  date: number;
  view: CatalogView;
  url: string;
}

/**
 * The first screen a request for `pathname` and `search` opens, when the server can render it:
 * a catalogue's path with a date, in the default view (the head holds its first entries);
 * otherwise null. The URL is written back from what was read, so nothing else of the request
 * reaches the render.
 */
export function firstScreenOf(pathname: string, search: string): FirstScreenRequest | null {
  if (!CATALOG_PATHS.includes(pathname)) return null;
  const query = parseCatalogQuery(new URLSearchParams(search));
  if (query.date === null || !headHolds(query)) return null;
  const params = new URLSearchParams(catalogQueryParams(query));
  return { date: query.date, view: query.view, url: `${pathname}?${params.toString()}` };
}

/** The page's side padding (app.css `.app-main`): a phone's list is the window less twice this. */
const PAGE_PADDING = 16;

/**
 * The windows a first screen of `view` is rendered for, each for the widest window it serves, so
 * that its first row holds every card such a window shows. A grid's layout changes at the
 * filters' sidebar (filters-area.tsx), and the rest follows the window's width in CSS. A list's
 * rows also change form at a list width (`LIST_WIDE_FROM`), which the server cannot place beside
 * a sidebar: only windows too narrow for that get one.
 */
function layoutsOf(view: CatalogView): { media: string; width: number }[] {
  if (view === 'list') {
    const widest = LIST_WIDE_FROM + 2 * PAGE_PADDING - 1;
    return [{ media: `(max-width: ${widest}px)`, width: widest }];
  }
  return [
    { media: `not all and ${SIDEBAR_QUERY}`, width: SIDEBAR_FROM - 1 },
    { media: SIDEBAR_QUERY, width: 1920 },
  ];
}

export interface FirstScreen {
  /** The app's markup at the URL, as its root element would hold it, for each kind of window. */
  layouts: { media: string; html: string }[];
  /** The first card's picture (the screen's largest paint), or null without one. */
  leadPicture: string | null;
}

/** Renders `request`'s page with `head` (the head of its date's copy). Rejects on any error. */
export async function renderFirstScreen(
  request: FirstScreenRequest,
  head: CatalogHeadAnswer,
): Promise<FirstScreen> {
  const layouts = [];
  for (const { media, width } of layoutsOf(request.view)) {
    layouts.push({ media, html: await renderAt(request, head, width) });
  }
  const lead = /<img\b[^>]*\bfetchpriority="high"[^>]*>/.exec(layouts[0]?.html ?? '')?.[0];
  return { layouts, leadPicture: (lead && /\bsrc="([^"]*)"/.exec(lead)?.[1]) ?? null };
}

/** The app's markup at `request`'s URL for a window `width` px wide. */
async function renderAt(
  request: FirstScreenRequest,
  head: CatalogHeadAnswer,
  width: number,
): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <ServerWidthContext value={width}>
      <FirstScreenSeedContext value={{ date: request.date, head }}>
        <App location={request.url} />
      </FirstScreenSeedContext>
    </ServerWidthContext>,
    {
      // An error inside a Suspense boundary renders its fallback: not the app's first screen.
      onError: (error) => void errors.push(error),
      // Every boundary inline, in its place: React otherwise sends a large one after the page,
      // with a script that moves it in, which the page (first-view.js) does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length > 0) throw errors[0];
  return html;
}
