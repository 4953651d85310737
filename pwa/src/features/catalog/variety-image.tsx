import { useState, type CSSProperties } from 'react';
import type { Variety } from '@stemline/shared';

/** Where the server draws a variety's picture (one light SVG each, cached by the service worker). */
export function varietyImageUrl(varietyKey: string): string {
  return `/api/variety/image/${encodeURIComponent(varietyKey)}.svg`;
}

/**
 * The variety's picture over its colour swatch. The swatch shows at once and stays when the
 * picture cannot load (offline and not cached), and the box never changes size, so nothing
 * shifts when the picture arrives. Decorative: the card's text names the variety and colour.
 */
export function VarietyImage({ variety, className }: { variety: Variety; className?: string }) {
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const style = { '--variety-swatch': variety.color_code } as CSSProperties;
  const failed = failedKey === variety.key;
  return (
    <div
      className={`variety-image ${className ?? ''}`}
      style={style}
      data-fallback={failed || undefined}
      aria-hidden="true"
    >
      {!failed && (
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
