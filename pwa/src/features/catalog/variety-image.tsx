import { useEffect, useState, type CSSProperties } from 'react';
import type { Variety } from '@stemline/shared';

/** Where the server draws a variety's picture (one light SVG each, cached by the service worker). */
export function varietyImageUrl(varietyKey: string): string {
  return `/api/variety/image/${encodeURIComponent(varietyKey)}.svg`;
}

/**
 * While a list's cards change faster than this (typing a search), their pictures wait: each is
 * an SVG document the browser builds on the main thread, a few ms apiece, which would otherwise
 * land in the keystroke's frame. The swatch shows meanwhile.
 */
export const CARD_IMAGE_DELAY_MS = 150;

/**
 * The variety's picture over its colour swatch. The swatch shows at once and stays when the
 * picture cannot load (offline and not cached), and the box never changes size, so nothing
 * shifts when the picture arrives. Decorative: the card's text names the variety and colour.
 * With `delayMs`, when the card turns to another variety, that one's picture is asked for only
 * once it has stayed that long; with `show` false (a card rendered off screen), not yet.
 */
export function VarietyImage({
  variety,
  className,
  delayMs = 0,
  show = true,
}: {
  variety: Variety;
  className?: string;
  delayMs?: number;
  /** False: the swatch only, for now. */
  show?: boolean;
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
  return (
    <div
      className={`variety-image ${className ?? ''}`}
      style={style}
      data-fallback={failed || undefined}
      aria-hidden="true"
    >
      {show && settled && !failed && (
        <img
          src={varietyImageUrl(variety.key)}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailedKey(variety.key)}
        />
      )}
    </div>
  );
}
