import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { marketToday, toEtaDate } from '@stemline/shared';

/**
 * A visitor's first catalogue screen in the page itself (issue 28). A first visit on a phone's
 * network waited for the app's code before any card: the largest paint came seconds after the
 * page. The PWA's build holds a renderer of its own components (pwa/src/ssr/first-screen.tsx,
 * built into `<dist>/ssr/first-screen.js`); this runs it for a catalogue URL in the default view,
 * with the head of the date's copy, and puts the markup in the page as data, with the first card's
 * picture preloaded. The page's first script (pwa/public/first-view.js) shows a visitor the
 * markup for their kind of window until the app shows its own.
 *
 * Best effort: without a renderer (a build without one), for any other URL, and when rendering
 * fails, the page is served as it is.
 */

/** A rendered first screen: the app's markup for each kind of window, and its lead picture. */
interface RenderedScreen {
  /** `media`: the CSS media query of the windows `html` is for. */
  layouts: { media: string; html: string }[];
  leadPicture: string | null;
}

/** What the built renderer exports (pwa/src/ssr/first-screen.tsx). */
interface FirstScreenRenderer {
  firstScreenOf(pathname: string, search: string): { date: number; url: string } | null;
  renderFirstScreen(
    request: { date: number; url: string },
    head: { data: ArrayBuffer; entryCount: number },
  ): Promise<RenderedScreen>;
}

/** The head of a date's copy, uncompressed, with its catalogue version (catalog-snapshots.ts). */
export type CatalogHeadSource = (
  date: number,
) => Promise<{ body: Buffer; version: number; entryCount: number }>;

/** The page (index.html's text) for a request: with its first screen when one is rendered. */
export type FirstScreenPage = (html: string, pathname: string, search: string) => Promise<string>;

/** Rendered pages kept, each for its URL and catalogue version: a few dates, 2 paths, 2 views. */
const KEPT_RENDERS = 32;

/**
 * How many days from today a first screen is rendered for: the catalogue's bookable days. Any
 * other date in a URL (anyone may write one) would have the server read and keep that date's
 * catalogue, pushing out the dates buyers use.
 */
const RENDERED_DAYS_AHEAD = 62;

/** The class of the elements first-view.js reads: the contract between the two. */
const FIRST_SCREEN_CLASS = 'server-first-view';

interface Render {
  version: number;
  markup: Promise<RenderedScreen | null>;
}

export function createFirstScreenPages(
  distDir: string,
  heads: CatalogHeadSource,
  now: () => number,
): FirstScreenPage {
  const modulePath = path.join(distDir, 'ssr', 'first-screen.js');
  let renderer: Promise<FirstScreenRenderer | null> | undefined;
  // Loaded once it is there: a build written while the server runs is picked up.
  const loadRenderer = (): Promise<FirstScreenRenderer | null> => {
    if (!renderer && !existsSync(modulePath)) return Promise.resolve(null);
    renderer ??= (import(pathToFileURL(modulePath).href) as Promise<FirstScreenRenderer>).catch(
      (error: unknown) => {
        console.error('[stemline] the first-screen renderer did not load:', error);
        return null;
      },
    );
    return renderer;
  };
  // Loaded as the server starts, if the build has it: the first visitor does not wait for it.
  void loadRenderer();
  const renders = new Map<string, Render>();

  const render = async (
    ssr: FirstScreenRenderer,
    request: { date: number; url: string },
  ): Promise<RenderedScreen | null> => {
    const head = await heads(request.date);
    const kept = renders.get(request.url);
    if (kept?.version === head.version) return kept.markup;
    // A date without offers has no first cards to show.
    const markup =
      head.entryCount === 0
        ? Promise.resolve(null)
        : ssr
            .renderFirstScreen(request, {
              data: head.body.buffer.slice(
                head.body.byteOffset,
                head.body.byteOffset + head.body.byteLength,
              ) as ArrayBuffer,
              entryCount: head.entryCount,
            })
            .catch(failed(request.url));
    renders.delete(request.url);
    renders.set(request.url, { version: head.version, markup });
    const [oldest] = renders.keys();
    if (renders.size > KEPT_RENDERS && oldest !== undefined) renders.delete(oldest);
    return markup;
  };

  return async (html, pathname, search) => {
    const ssr = await loadRenderer();
    const request = ssr?.firstScreenOf(pathname, search);
    if (!ssr || !request || !isRenderedDay(request.date, now())) return html;
    const screen = await render(ssr, request).catch(failed(request.url));
    return screen ? withFirstScreen(html, screen) : html;
  };
}

/** Logs why the first screen of `url` could not be had, which then goes without one. */
function failed(url: string): (error: unknown) => null {
  return (error) => {
    console.error(`[stemline] the first screen of ${url} failed:`, error);
    return null;
  };
}

/** Whether `date` is one of the days a first screen is rendered for, seen at `nowMs`. */
function isRenderedDay(date: number, nowMs: number): boolean {
  const today = marketToday(nowMs);
  return date >= toEtaDate(today) && date <= toEtaDate(today.add({ days: RENDERED_DAYS_AHEAD }));
}

/**
 * `page` with `screen`'s markup for each kind of window at the top of its body (before the script
 * that reads it), and its lead picture preloaded from the head, where the browser finds it before
 * anything else. The markup is React's, escaped by it; the picture's URL is an attribute value
 * React wrote; the media queries are the renderer's own.
 *
 * The markup is a data block (a script element of a type no browser runs), not a template: the
 * page's policy refuses style attributes as markup is parsed, and a template's content is parsed,
 * where a data block's is text. A data block's text ends at the first `</script` (or, after a
 * `<!--`, React's boundary comments, one that follows a `<script`), which React's escaping never
 * writes (`<` in text and in attribute values is `&lt;`); a page whose markup held either anyway
 * goes without it.
 */
export function withFirstScreen(page: string, screen: RenderedScreen): string {
  if (screen.layouts.some((layout) => /<\/?script/i.test(layout.html))) return page;
  const blocks = screen.layouts
    .map(
      (layout) =>
        `<script type="text/html" class="${FIRST_SCREEN_CLASS}" data-media="${escapeAttribute(layout.media)}">${layout.html}</script>`,
    )
    .join('');
  const preload = screen.leadPicture
    ? `<link rel="preload" as="image" href="${screen.leadPicture}" fetchpriority="high">`
    : '';
  // Replacer functions: a `$` in the markup is text, not a replacement pattern.
  return page
    .replace('</head>', () => `${preload}</head>`)
    .replace('<body>', () => `<body>${blocks}`);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
