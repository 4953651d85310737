import { useEffect, useState, type CSSProperties } from 'react';
import { VARIETY_IMAGE_VERSION, type Variety } from '@stemline/shared';
import { whenIdle } from './idle';
import { createPicturesAhead } from './pictures-ahead';

/**
 * Where the server draws a variety's picture (one light SVG each, cached by the service worker).
 * The drawings' version is in the URL, so new drawings replace pictures kept as immutable.
 */
export function varietyImageUrl(varietyKey: string): string {
  return `/api/variety/image/${encodeURIComponent(varietyKey)}.svg?v=${VARIETY_IMAGE_VERSION}`;
}

/**
 * While a list's cards change faster than this (typing a search), their pictures wait: each is
 * an SVG document the browser builds on the main thread, a few ms apiece, which would otherwise
 * land in the keystroke's frame. The swatch shows meanwhile.
 */
export const CARD_IMAGE_DELAY_MS = 150;

/** How many pictures fetched ahead are held, so the browser keeps them ready (a few rows' worth). */
const HELD_PICTURES = 48;
/** At the latest this long after the last fetch ahead, the next one starts. */
const FETCH_AHEAD_WITHIN_MS = 2_000;
/** Pictures fetched ahead, oldest first: an image element holds its picture in memory. */
const heldPictures = new Map<string, HTMLImageElement>();
/**
 * Pictures fetched ahead, outside the page: a card that scrolls in then shows its picture in its
 * first frame instead of over its swatch a moment later. One at a time, each when the page is
 * idle once the previous one has loaded: each is an SVG document the browser builds on the main
 * thread, and a row's worth at once would land in one frame of the scroll.
 */
const picturesAhead = createPicturesAhead({
  schedule: (run) => whenIdle(run, FETCH_AHEAD_WITHIN_MS),
  fetch: (url, done) => {
    const image = holdPicture(url);
    if (image.complete) done();
    else {
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    }
  },
});

/** The held image element of a picture (most recently used last), made when there is none. */
function holdPicture(url: string): HTMLImageElement {
  let image = heldPictures.get(url);
  heldPictures.delete(url);
  if (!image) {
    image = new Image();
    image.decoding = 'async';
    image.src = url;
  }
  heldPictures.set(url, image);
  // One is added at a time, so at most the oldest one goes.
  const [oldest] = heldPictures.keys();
  if (heldPictures.size > HELD_PICTURES && oldest !== undefined) heldPictures.delete(oldest);
  return image;
}

/**
 * What a card does with its picture: `show` it (on screen), `fetch` it ahead (a row just off
 * screen while the buyer scrolls), or `wait` with the swatch only (off screen otherwise).
 */
export type PictureMode = 'show' | 'fetch' | 'wait';

/**
 * Fetches `url` ahead once `wanted` has been true for it, and keeps the request while the card
 * stays on this picture (the scroll stopping does not take it back); a card that leaves or turns
 * to another variety takes it back if its turn has not come.
 */
function useFetchAhead(url: string, wanted: boolean): void {
  const [asked, setAsked] = useState<string | null>(null);
  if (wanted && asked !== url) setAsked(url);
  useEffect(() => (asked === url ? picturesAhead.ask(url) : undefined), [asked, url]);
}

/**
 * The variety's picture over its colour swatch. The swatch shows at once and stays when the
 * picture cannot load (offline and not cached), and the box never changes size, so nothing
 * shifts when the picture arrives. Decorative: the card's text names the variety and colour.
 * With `delayMs`, when the card turns to another variety, that one's picture is asked for only
 * once it has stayed that long; with `picture` other than `show`, not yet (see PictureMode).
 */
export function VarietyImage({
  variety,
  className,
  delayMs = 0,
  picture = 'show',
  lead = false,
}: {
  variety: Variety;
  className?: string;
  delayMs?: number;
  picture?: PictureMode;
  /** A picture of the list's first row: the first screen's largest paint, fetched first. */
  lead?: boolean;
}) {
  const [failedKey, setFailedKey] = useState<string | null>(null);
  // The first variety shows at once (a page opening); only a change waits.
  const [settledKey, setSettledKey] = useState<string | null>(variety.key);
  const settled = delayMs <= 0 || settledKey === variety.key;
  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => setSettledKey(variety.key), delayMs);
    return () => window.clearTimeout(timer);
  }, [settled, variety.key, delayMs]);
  const style = { '--variety-swatch': variety.color_code } as CSSProperties;
  const failed = failedKey === variety.key;
  const url = varietyImageUrl(variety.key);
  const show = picture === 'show';
  useFetchAhead(url, picture === 'fetch' && settled);
  return (
    <div
      className={`variety-image ${className ?? ''}`}
      style={style}
      data-fallback={failed || undefined}
      aria-hidden="true"
    >
      {show && settled && !failed && (
        <img
          src={url}
          alt=""
          // Only a picture on screen is in the page (see PictureMode): lazy loading would only
          // hold its request back until layout (issue 28: the largest paint was one).
          loading="eager"
          fetchPriority={lead ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onError={() => setFailedKey(variety.key)}
        />
      )}
    </div>
  );
}
